import { describe, expect, it } from 'vitest';
import {
  createRequest,
  draftErrors,
  emptyDraft,
  formatFileSize,
  isHttpUrl,
  listingType,
  previewText,
  updateRequest,
  videoEmbedUrl,
} from './resource-rules';

describe('draftErrors', () => {
  it('asks for a title, the link of links and videos, a file for files and the text of articles', () => {
    expect(draftErrors(emptyDraft('article'), { isListing: false })).toEqual({
      title: 'Please give it a title.',
      body: 'Please write the article.',
    });
    expect(draftErrors({ ...emptyDraft('link'), title: 'Guide' }, { isListing: false })).toEqual({
      url: 'Please add the link.',
    });
    expect(
      draftErrors({ ...emptyDraft('video'), title: 'Talk', url: 'example.org' }, { isListing: false }),
    ).toEqual({ url: 'Enter a web address starting with http:// or https://.' });
    expect(draftErrors({ ...emptyDraft('file'), title: 'Handbook' }, { isListing: false })).toEqual({
      attachmentIds: 'Please attach a file.',
    });
    expect(
      draftErrors({ ...emptyDraft('article'), title: 'Guide', body: '<p> &nbsp;</p>' }, { isListing: false }),
    ).toEqual({ body: 'Please write the article.' });
    expect(
      draftErrors({ ...emptyDraft('article'), title: 'Guide', body: '<p>Hello</p>' }, { isListing: false }),
    ).toEqual({});
  });

  it('words the listing checks for a company', () => {
    expect(draftErrors(emptyDraft('article'), { isListing: true })).toEqual({
      title: 'Please give the company name.',
      body: 'Please describe the company.',
    });
  });
});

describe('request bodies', () => {
  const draft = {
    ...emptyDraft('link'),
    title: '  Salary guide ',
    url: ' https://example.org/s ',
    category: ' ',
    location: '',
    attachmentIds: ['f1'],
  };

  it('trims, leaves out blank fields and attachments of other types, and scopes to a group', () => {
    expect(createRequest(draft, { isListing: false, groupId: null })).toEqual({
      typeName: 'link',
      title: 'Salary guide',
      body: '',
      url: 'https://example.org/s',
      isBusinessDirectory: false,
      attachmentIds: [],
    });
    expect(createRequest({ ...draft, typeName: 'file' }, { isListing: false, groupId: 'g1' })).toMatchObject({
      groupId: 'g1',
      attachmentIds: ['f1'],
    });
    expect(
      createRequest(
        { ...draft, category: 'Food', location: 'Springfield' },
        { isListing: true, groupId: null },
      ),
    ).toMatchObject({ isBusinessDirectory: true, category: 'Food', location: 'Springfield' });
  });

  it('clears blank fields with null when editing', () => {
    expect(updateRequest(draft)).toEqual({
      typeName: 'link',
      title: 'Salary guide',
      body: '',
      url: 'https://example.org/s',
      category: null,
      location: null,
      attachmentIds: ['f1'],
    });
  });

  it('stores a listing with a website as a link, else as an article', () => {
    expect(listingType({ url: 'https://coffee.example.org' })).toBe('link');
    expect(listingType({ url: ' ' })).toBe('article');
  });
});

describe('videoEmbedUrl', () => {
  it('turns YouTube and Vimeo links into embeds on the approved hosts', () => {
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=3')).toBe(
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
    );
    expect(videoEmbedUrl('https://youtu.be/aqz-KE-bpKQ')).toBe(
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
    );
    expect(videoEmbedUrl('https://m.youtube.com/shorts/aqz-KE-bpKQ')).toBe(
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
    );
    expect(videoEmbedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(videoEmbedUrl('https://player.vimeo.com/video/76979871')).toBe(
      'https://player.vimeo.com/video/76979871',
    );
  });

  it('refuses other hosts, malformed ids and non-web addresses', () => {
    expect(videoEmbedUrl('https://evil.example/watch?v=aqz-KE-bpKQ')).toBeNull();
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=bad"id')).toBeNull();
    expect(videoEmbedUrl('https://vimeo.com/channels/staff')).toBeNull();
    expect(videoEmbedUrl('javascript:alert(1)')).toBeNull();
    expect(videoEmbedUrl(null)).toBeNull();
  });
});

describe('previewText', () => {
  it('truncates the open-graph title to 80 and the description to 200 characters (spec 9)', () => {
    const text = previewText({
      url: 'https://www.example.org/a',
      title: 't'.repeat(100),
      description: 'd'.repeat(300),
      imageUrl: null,
      siteName: null,
    });
    expect(Array.from(text.title)).toHaveLength(80);
    expect(Array.from(text.description)).toHaveLength(200);
    expect(text.site).toBe('example.org');
  });

  it('falls back to the host when the page has no title', () => {
    expect(
      previewText({
        url: 'https://example.org/a',
        title: ' ',
        description: '',
        imageUrl: null,
        siteName: 'Example',
      }),
    ).toEqual({ title: 'example.org', description: '', site: 'Example' });
  });
});

describe('small helpers', () => {
  it('accepts only http and https addresses with a host', () => {
    expect(isHttpUrl('https://example.org')).toBe(true);
    expect(isHttpUrl('ftp://example.org')).toBe(false);
    expect(isHttpUrl('https://')).toBe(false);
  });

  it('formats file sizes', () => {
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(12 * 1024)).toBe('12 KB');
    expect(formatFileSize(3.4 * 1024 * 1024)).toBe('3.4 MB');
  });
});
