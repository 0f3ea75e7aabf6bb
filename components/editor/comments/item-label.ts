/** How a comment's item key reads in lists: "" is the whole page, "events/ab12" an event. */
const LIST_NOUNS: Record<string, string> = { events: 'Event', characters: 'Character', themes: 'Theme', 'quiz.questions': 'Quiz question', 'kind.moods': 'Mood', 'kind.contentNotes': 'Content note' };

export function itemLabel(itemKey: string, names: Record<string, string> = {}): string {
  if (!itemKey) return 'Whole page';
  if (names[itemKey]) return names[itemKey];
  const [list, id] = itemKey.split('/');
  if (id) return `${LIST_NOUNS[list] ?? list} ${id}`;
  return list.charAt(0).toUpperCase() + list.slice(1).replace('.', ': ');
}
