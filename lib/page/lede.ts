/** Whether a line names a text (case aside): how a section's lede is found to name an item. */
export const mentions = (line: string, text: string) =>
  text.trim() !== '' && line.toLocaleLowerCase('en').includes(text.trim().toLocaleLowerCase('en'));

/** The content paths ("events.3") of the shown items a line names, by their index in the whole list. */
export function itemsNamedIn<T extends { id: string }>(
  line: string,
  list: string,
  shown: T[],
  all: Array<{ id: string }>,
  textOf: (item: T) => string,
) {
  return shown.filter((item) => mentions(line, textOf(item))).map((item) => `${list}.${all.findIndex((a) => a.id === item.id)}`);
}
