import type { ReactNode } from 'react';

/** A quiz template's `{n}`, `{total}` and `{count}` filled in (lib/i18n/reader-text.ts's quizWords). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/gu, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The same, with elements for values: "You scored <span>3</span> of 5". */
export function fillNodes(template: string, values: Record<string, ReactNode>): ReactNode[] {
  return template.split(/(\{\w+\})/u).map((part) => {
    const name = /^\{(\w+)\}$/u.exec(part)?.[1];
    return name !== undefined && name in values ? values[name] : part;
  });
}
