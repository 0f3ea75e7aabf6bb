import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageTexts } from './page-texts';

// The demo film's quiz at level none from the production server, twice: once with part of the
// render streamed late (React's runtime scripts put it in place), once sent whole.
const response = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'page-responses', name), 'utf8');
const streamed = response('quiz-streamed.html');
const whole = response('quiz-whole.html');
const nonceOf = (body: string) => /nonce="([^"]+)"/u.exec(body)![1];

describe('pageTexts', () => {
  it('gives the same texts for the same page whether it was streamed or sent whole (only the nonce differs)', () => {
    expect(streamed).toContain('$RC(');
    expect(whole).not.toContain('$RC(');
    const [a, b] = [streamed, whole].map((body) => [...pageTexts(body)].filter((text) => !text.includes(nonceOf(body))));
    expect(a.filter((text) => !b.includes(text))).toEqual([]);
    expect(b.filter((text) => !a.includes(text))).toEqual([]);
  });

  it('keeps what the page says, in its HTML and in its RSC payload', () => {
    const texts = pageTexts(whole);
    expect(texts).toContain('In which city does Carley live and train?');
    // A text the payload carries beside the HTML: the questions' ids are only there.
    const payload = [...whole.matchAll(/self\.__next_f\.push\(\[1,"([\s\S]*?)"\]\)/gu)].map((match) => match[1]).join('');
    const id = /\\"id\\":\\"([^\\"]{16,})\\"/u.exec(payload)?.[1];
    expect(id).toBeDefined();
    expect(whole.replace(/self\.__next_f[\s\S]*?<\/script>/gu, '')).not.toContain(id);
    expect(texts).toContain(id);
  });
});
