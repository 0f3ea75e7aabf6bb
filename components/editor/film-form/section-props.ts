import type { SectionId } from './sections';

/** What the editor passes to every section: whether it is open, and its error count. */
export type SectionProps = {
  open: boolean;
  onToggle: (id: SectionId) => void;
  errorCount: number;
};
