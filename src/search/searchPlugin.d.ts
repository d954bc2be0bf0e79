/** The search plugin's options as its client reads them (written by the plugin at build time). */
declare module '@generated/@easyops-cn/docusaurus-search-local/default/generated.js' {
  export const searchContextByPaths: readonly {label: string; path: string}[] | null;
}
