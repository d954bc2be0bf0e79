/** /insights: the authors' page (src/insights/InsightsPage.tsx), whose code only this page's chunk carries. */
export {default} from '@site/src/insights/InsightsPage';
