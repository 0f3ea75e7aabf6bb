import { textPartSection } from './text-part-section';

export const PremiseSection = textPartSection({
  id: 'premise',
  title: 'Premise',
  description: 'What the film is about, with nothing given away: every reader sees it, whatever spoiler level they chose.',
  rows: 9,
  hint: 'Shown as “The premise of … in N words”.',
});
