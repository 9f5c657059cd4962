import { describe, expect, it } from 'vitest';
import { htmlToText, placeholderError, textToHtml } from './message-html';

describe('message HTML helpers', () => {
  it('turns a template into escaped paragraphs and back into text', () => {
    const html = textToHtml('Hi [add name],\nI study <design> & art.');
    expect(html).toBe('<p>Hi [add name],</p><p>I study &lt;design&gt; &amp; art.</p>');
    expect(htmlToText(html)).toBe('Hi [add name],\nI study <design> & art.\n');
  });
});

describe('placeholderError (spec 5 Message template)', () => {
  it('names every unfilled placeholder and passes a filled template', () => {
    expect(placeholderError('<p>Hi [add name], I am at [add school name].</p>')).toBe(
      'Please replace [add name], [add school name] before sending.',
    );
    expect(placeholderError('<p>Hi Alex, I am at Northfield.</p>')).toBeNull();
  });
});
