/** A word that only versioned_docs/version-1.0/Collapsible.md uses. */
export const ONLY_IN_1_0 = 'accordionlike';
