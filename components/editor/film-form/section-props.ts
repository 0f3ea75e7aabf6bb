import type { SectionId } from './sections';

/** What the editor knows of the film that some sections show: its saved address, whether it is live, who may edit the quiz. */
export type EditorContext = { savedSlug: string; isPublished: boolean; canEditQuiz: boolean };

/** What the editor passes to every section: whether it is open, its error count, and the editor's context. */
export type SectionProps = {
  open: boolean;
  onToggle: (id: SectionId) => void;
  errorCount: number;
  editor: EditorContext;
};
