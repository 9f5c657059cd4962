import {
  RICH_TEXT_ALLOWED_ATTRIBUTES,
  RICH_TEXT_ALLOWED_CLASSES,
  RICH_TEXT_ALLOWED_TAGS,
} from '@commons/domain';
import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import {
  EMBED_HOSTS,
  embedFrameSources,
  extractMentionIdentifiers,
  hasRichTextContent,
  isApprovedEmbedUrl,
  isUploadedImageSrc,
  richTextToPlain,
  sanitizeRichText,
} from './rich-text.js';
import { XSS_PAYLOADS } from '../../test/fixtures/xss-payloads.js';

const TAG_ATTRIBUTES: Record<string, readonly string[]> = {
  iframe: ['src', 'width', 'height', 'title', 'allowfullscreen', 'sandbox', ...RICH_TEXT_ALLOWED_ATTRIBUTES],
  img: ['src', 'alt', 'width', 'height', ...RICH_TEXT_ALLOWED_ATTRIBUTES],
};
const ALLOWED = new Set<string>([...RICH_TEXT_ALLOWED_TAGS, 'iframe', 'img']);

/** Every reason the sanitised HTML could still run script, as a browser would parse it. */
function executableParts(html: string): string[] {
  const problems: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (!ALLOWED.has(name)) problems.push(`tag ${name}`);
        const allowedAttributes = TAG_ATTRIBUTES[name] ?? RICH_TEXT_ALLOWED_ATTRIBUTES;
        for (const [attribute, value] of Object.entries(attributes)) {
          if (!allowedAttributes.includes(attribute)) problems.push(`attribute ${attribute} on ${name}`);
          // Browsers ignore whitespace and control characters inside a scheme.
          // eslint-disable-next-line no-control-regex
          const compact = value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
          if (
            (attribute === 'href' || attribute === 'src') &&
            /^(javascript|vbscript|data|livescript):/.test(compact)
          ) {
            problems.push(`${attribute}=${value}`);
          }
          if (attribute === 'href' && compact.startsWith('//')) problems.push(`protocol-relative ${value}`);
          if (
            attribute === 'class' &&
            !value.split(/\s+/).every((c) => RICH_TEXT_ALLOWED_CLASSES[name]?.includes(c))
          )
            problems.push(`class ${value} on ${name}`);
        }
        if (name === 'iframe' && !isApprovedEmbedUrl(attributes.src ?? ''))
          problems.push(`iframe ${attributes.src}`);
        if (name === 'img' && !isUploadedImageSrc(attributes.src ?? ''))
          problems.push(`img ${attributes.src}`);
        if (name === 'a' && attributes.target !== undefined && !/noopener/.test(attributes.rel ?? ''))
          problems.push('target without noopener');
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return problems;
}

describe('sanitizeRichText (spec 5 Rich text, Embedded frames)', () => {
  it('ships a corpus of at least 200 known XSS payloads', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(200);
  });

  it.each(XSS_PAYLOADS.map((payload, index) => [index + 1, payload] as const))(
    'payload %i leaves no executable markup',
    (_, payload) => {
      const clean = sanitizeRichText(payload);
      expect(executableParts(clean)).toEqual([]);
      // Nothing the browser would run, even as raw text re-read by a careless consumer.
      expect(clean).not.toMatch(/<\s*(script|style|form|input|object|embed|svg|math|base|meta|link)\b/i);
      expect(clean).not.toMatch(/\son[a-z]+\s*=/i);
      expect(clean).not.toMatch(/\saction\s*=/i);
      // Sanitising is stable: a second pass changes nothing (no mutation-XSS shape survives a re-parse).
      expect(sanitizeRichText(clean)).toBe(clean);
    },
  );

  it('keeps the spec tags and attributes unchanged', () => {
    const html =
      '<div><p>Hi <b>b</b> <strong>s</strong> <u>u</u> <s>x</s> <i>i</i> <em>e</em> <span>k</span> <a class="mention" href="/profile/ann/">@Ann</a><br /></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><p><a href="https://example.org/x?y=1&amp;z=2" target="_blank" rel="noopener noreferrer">link</a> ' +
      '<a href="mailto:a@example.org">mail</a> <a href="/profile/ann/">rel</a></p></div>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("keeps only the editor's own class values, so user HTML cannot borrow the app's overlay CSS", () => {
    const overlay = '<p><a class="mantine-Overlay-root fixed inset-0" href="https://evil.example/">x</a></p>';
    expect(sanitizeRichText(overlay)).toBe('<p><a href="https://evil.example/">x</a></p>');
    expect(sanitizeRichText('<div class="intro"><span class="k">k</span></div>')).toBe(
      '<div><span>k</span></div>',
    );
    expect(sanitizeRichText('<a class="mention inset-0" href="/profile/ann/">@Ann</a>')).toBe(
      '<a class="mention" href="/profile/ann/">@Ann</a>',
    );
    expect(sanitizeRichText('<span class="mention">@Ann</span>')).toBe('<span>@Ann</span>');
  });

  it('drops form and input tags and the action attribute', () => {
    expect(sanitizeRichText('<form action="/x"><input name="a"><p action="/y">kept</p></form>')).toBe(
      '<p>kept</p>',
    );
  });

  it('keeps frames only for the approved hosts, sandboxed', () => {
    const youtube =
      '<iframe src="https://www.youtube.com/embed/abc" width="560" height="315" allowfullscreen></iframe>';
    expect(sanitizeRichText(youtube)).toBe(
      '<iframe src="https://www.youtube.com/embed/abc" width="560" height="315" allowfullscreen sandbox="allow-scripts allow-same-origin allow-popups allow-forms allow-presentation"></iframe>',
    );
    expect(sanitizeRichText('<iframe src="https://evil.example/embed/abc"></iframe>')).toBe('');
    expect(sanitizeRichText('<iframe src="https://docs.google.com/spreadsheets/d/1"></iframe>')).toBe('');
    expect(
      sanitizeRichText('<iframe src="https://docs.google.com/forms/d/e/1/viewform?embedded=true"></iframe>'),
    ).toContain('<iframe');
  });

  it('names one approved host list per spec category and feeds it to the CSP', () => {
    expect(EMBED_HOSTS.map((entry) => entry.category)).toEqual([
      'video-sharing service',
      'video hosting service',
      'career video host',
      'university video host',
      'embed service',
      'forms service',
      'media platform',
      'university video portal',
    ]);
    expect(embedFrameSources()).toContain('https://player.vimeo.com');
    expect(embedFrameSources()).toContain('https://*.hosted.panopto.com');
    expect(isApprovedEmbedUrl('https://uni.hosted.panopto.com/Panopto/Pages/Embed.aspx?id=1')).toBe(true);
    expect(isApprovedEmbedUrl('https://hosted.panopto.com.evil.example/Panopto/Pages/Embed.aspx')).toBe(
      false,
    );
  });

  it('keeps images uploaded through the server and drops hot-linked ones', () => {
    const uploaded =
      '<p><img src="/api/rich-text/images/0123456789abcdef0123456789abcdef" alt="chart" /></p>';
    expect(sanitizeRichText(uploaded)).toBe(uploaded);
    expect(sanitizeRichText('<p><img src="https://example.org/a.png" />x</p>')).toBe('<p>x</p>');
  });

  it('round-trips any allowed markup unchanged', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9]{1,8}$/);
    const text = fc
      .array(fc.oneof(word, fc.constantFrom(' ', '&amp;', '&lt;', '&gt;', '"', "'")), {
        minLength: 1,
        maxLength: 5,
      })
      .map((parts) => parts.join(''));
    const href = fc.oneof(
      fc.webUrl({ validSchemes: ['https'] }).filter((u) => !/["<>&\s]/.test(u)),
      word.map((w) => `/profile/${w}/`),
      word.map((w) => `mailto:${w}@example.org`),
    );
    const inline: fc.Memo<string> = fc.memo((depth) =>
      depth <= 1
        ? fc.oneof(text, fc.constant('<br />'))
        : fc.oneof(
            text,
            fc
              .tuple(
                fc.constantFrom('b', 'strong', 'u', 's', 'i', 'em', 'span'),
                fc.array(inline(depth - 1), { minLength: 1, maxLength: 3 }),
              )
              .map(([tag, children]) => `<${tag}>${children.join('')}</${tag}>`),
            fc
              .tuple(
                href,
                fc.boolean(),
                fc.array(
                  inline(depth - 1).filter((c) => !c.includes('<a ')),
                  { minLength: 1, maxLength: 2 },
                ),
              )
              .map(
                ([url, isNewTab, children]) =>
                  `<a href="${url}"${isNewTab ? ' target="_blank" rel="noopener noreferrer"' : ''}>${children.join('')}</a>`,
              ),
            word.map((w) => `<a class="mention" href="/profile/${w}/">@${w}</a>`),
          ),
    );
    const inlines = fc.array(inline(3), { minLength: 1, maxLength: 3 }).map((c) => c.join(''));
    const block: fc.Memo<string> = fc.memo((depth) =>
      fc.oneof(
        inlines.map((content) => `<p>${content}</p>`),
        fc
          .tuple(fc.constantFrom('ul', 'ol'), fc.array(inlines, { minLength: 1, maxLength: 3 }))
          .map(([tag, items]) => `<${tag}>${items.map((item) => `<li>${item}</li>`).join('')}</${tag}>`),
        ...(depth > 1
          ? [
              fc
                .array(block(depth - 1), { minLength: 1, maxLength: 3 })
                .map((children) => `<div>${children.join('')}</div>`),
            ]
          : []),
      ),
    );
    fc.assert(
      fc.property(fc.array(block(3), { minLength: 1, maxLength: 3 }), (blocks) => {
        const html = blocks.join('');
        expect(sanitizeRichText(html)).toBe(html);
      }),
      { numRuns: 300 },
    );
  });

  it('never emits executable markup for arbitrary input, and is stable', () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '<script>',
        '</script>',
        '<img src=x onerror=alert(1)>',
        '<a href="javascript:alert(1)">',
        '<iframe src="https://evil.example">',
        '<svg onload=alert(1)>',
        '"',
        "'",
        '<',
        '>',
        '<!--',
        '-->',
        '<style>',
        '<p>',
        '</p>',
      ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const clean = sanitizeRichText(pieces.join(''));
        expect(executableParts(clean)).toEqual([]);
        expect(sanitizeRichText(clean)).toBe(clean);
      }),
      { numRuns: 500 },
    );
  });
});

describe('rich text helpers', () => {
  it('reads plain text for previews and search', () => {
    expect(richTextToPlain('<p>Hello&nbsp;<b>world</b></p><ul><li>a &amp; b</li></ul>')).toBe(
      'Hello world a & b',
    );
  });

  it('counts images and embeds as content', () => {
    expect(hasRichTextContent('<p> </p>')).toBe(false);
    expect(
      hasRichTextContent('<p><img src="/api/rich-text/images/0123456789abcdef0123456789abcdef" /></p>'),
    ).toBe(true);
  });

  it('finds mentioned identifiers in editor mention links', () => {
    const html =
      '<p>Hi <a class="mention" href="/profile/ann-lee/">@Ann Lee</a> and <a href="/profile/bob/">Bob</a> <a class="mention" href="/profile/ann-lee/">@Ann</a></p>';
    expect(extractMentionIdentifiers(sanitizeRichText(html))).toEqual(['ann-lee']);
  });
});
