import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { contentFiles, mailOutbox, pledges, userTypes } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

type TPledgeBody = {
  amountMinor: number;
  designation: string | null;
  isRecurring: boolean;
  frequency: 'monthly' | 'annually' | null;
  isAnonymous: boolean;
  note: string | null;
};
type TAdminPledge = {
  id: string;
  amountMinor: number;
  isAnonymous: boolean;
  donor: { id: string; name: string };
};

const PAYMENT_URL = 'https://give.example.edu/northfield';
const BANNER = {
  title: 'Give back',
  description: 'Fund a scholarship.',
  bannerImage: null,
  giveCampusURL: PAYMENT_URL,
  linkLabel: 'Make a gift',
};
const SETTINGS = {
  isDonationsEnabled: true,
  banner: BANNER,
  designations: ['Scholarships', 'Library'],
  currency: 'USD',
};
const PLEDGE: TPledgeBody = {
  amountMinor: 2500,
  designation: 'Scholarships',
  isRecurring: false,
  frequency: null,
  isAnonymous: false,
  note: null,
};

/** Giving (issue #18 item 6): the giving page, pledges with their thank-you email, the admins' list and CSV. */
describeDb('giving', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let otherHub: TTestHub;
  let alumnus: TTestUser;
  let otherAlumnus: TTestUser;
  let student: TTestUser;
  let donationsAdmin: TTestUser;
  let brandingAdmin: TTestUser;
  const tokens = new Map<string, string>();

  const call = async (
    user: TTestUser,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    options: { hubIdentifier?: string; payload?: object } = {},
  ) => {
    let token = tokens.get(user.id);
    if (!token) {
      token = (await signIn(t.app, cluster, user)).token;
      tokens.set(user.id, token);
    }
    return t.app.inject({
      method,
      url,
      headers: {
        host: cluster.host,
        authorization: `Bearer ${token}`,
        'x-hub-id': options.hubIdentifier ?? hub.identifier,
      },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  };
  const asCluster = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);
  const pledgeRows = (userId: string) =>
    asCluster((tx) => tx.select().from(pledges).where(eq(pledges.userId, userId)));
  const mailsTo = (user: TTestUser) =>
    asCluster((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email)));
  const pledge = (user: TTestUser, body: Partial<TPledgeBody> = {}) =>
    call(user, 'POST', '/api/giving/pledges', { payload: { ...PLEDGE, ...body } });
  const putSettings = (user: TTestUser, body: object, hubIdentifier?: string) =>
    call(user, 'PUT', '/api/giving/settings', { payload: body, hubIdentifier });

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    otherHub = await createHub(t.database.db, cluster);
    alumnus = await createUser(t.database.db, cluster, { hub, userType: 'alumni', firstName: 'Ada' });
    otherAlumnus = await createUser(t.database.db, cluster, { hub, userType: 'alumni', lastName: 'Quiet' });
    student = await createUser(t.database.db, cluster, { hub });
    donationsAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['donations'],
    });
    brandingAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['branding-settings'],
    });
    // Alumni are asked to give (spec 3 User type givingForm); students are not.
    await asCluster((tx) =>
      tx.update(userTypes).set({ givingForm: true }).where(eq(userTypes.id, hub.userTypeIds.alumni)),
    );
  });
  afterAll(async () => t.close());

  it('keeps giving closed until the donations admins turn it on', async () => {
    const page = await call(alumnus, 'GET', '/api/giving');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ isEnabled: false, mayGive: false, banner: null, paymentUrl: null });
    const refused = await pledge(alumnus);
    expect(refused.statusCode).toBe(403);
    expect(await pledgeRows(alumnus.id)).toHaveLength(0);
  });

  describe('settings', () => {
    it('lets only admins with the donations right read and edit them', async () => {
      for (const user of [alumnus, brandingAdmin]) {
        expect((await call(user, 'GET', '/api/giving/settings')).statusCode).toBe(403);
        expect((await putSettings(user, SETTINGS)).statusCode).toBe(403);
      }
      const saved = await putSettings(donationsAdmin, SETTINGS);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual(SETTINGS);
      expect((await call(donationsAdmin, 'GET', '/api/giving/settings')).json()).toEqual(SETTINGS);
    });

    it('refuses a payment page that is not a web address, and duplicate designations, with field messages', async () => {
      const response = await putSettings(donationsAdmin, {
        ...SETTINGS,
        banner: { ...BANNER, giveCampusURL: 'javascript:alert(1)' },
        designations: ['Library', 'Library'],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toMatchObject({
        'banner.giveCampusURL': 'Enter the payment page address, starting with http:// or https://.',
        designations: 'List each designation once.',
      });
    });

    it('takes as banner image only an image uploaded to this hub of at most 120 kB', async () => {
      const image = (target: TTestHub, key: string, sizeBytes: number) =>
        asCluster((tx) =>
          tx.insert(contentFiles).values({
            clusterId: cluster.clusterId,
            hubId: target.id,
            kind: 'image',
            region: 'us',
            storageKey: key,
            mimeType: 'image/webp',
            sizeBytes,
            originalName: 'banner.webp',
          }),
        );
      await image(hub, 'c'.repeat(32), 100 * 1024);
      await image(hub, 'd'.repeat(32), 121 * 1024);
      await image(otherHub, 'e'.repeat(32), 10 * 1024);
      const withImage = (bannerImage: string) =>
        putSettings(donationsAdmin, { ...SETTINGS, banner: { ...BANNER, bannerImage } });
      const fieldOf = async (bannerImage: string) =>
        (await withImage(bannerImage)).json().error?.fields?.['banner.bannerImage'];
      expect(await fieldOf(`/api/rich-text/images/${'d'.repeat(32)}`)).toBe(
        'The image must be 120 kB or smaller.',
      );
      expect(await fieldOf(`/api/rich-text/images/${'e'.repeat(32)}`)).toBe('Upload the image again.');
      expect(await fieldOf('https://elsewhere.example/banner.png')).toBe('Upload the image again.');
      const accepted = await withImage(`/api/rich-text/images/${'c'.repeat(32)}`);
      expect(accepted.statusCode, accepted.body).toBe(200);
      // Saving again with the image already set keeps it.
      expect((await withImage(`/api/rich-text/images/${'c'.repeat(32)}`)).statusCode).toBe(200);
      expect((await putSettings(donationsAdmin, SETTINGS)).statusCode).toBe(200);
    });
  });

  describe('pledges', () => {
    beforeAll(async () => {
      expect((await putSettings(donationsAdmin, SETTINGS)).statusCode).toBe(200);
    });

    it('shows the giving page to a member whose user type may give, and not the form to others', async () => {
      const page = await call(alumnus, 'GET', '/api/giving');
      expect(page.json()).toMatchObject({
        isEnabled: true,
        mayGive: true,
        banner: BANNER,
        paymentUrl: PAYMENT_URL,
        currency: 'USD',
        designations: ['Scholarships', 'Library'],
        can: { manage: false },
      });
      expect((await call(student, 'GET', '/api/giving')).json()).toMatchObject({
        isEnabled: true,
        mayGive: false,
      });
      expect((await pledge(student)).statusCode).toBe(403);
      expect(await pledgeRows(student.id)).toHaveLength(0);
    });

    it.each([
      [{ amountMinor: 0 }, 'amountMinor', 'Enter an amount greater than 0.'],
      [{ amountMinor: -500 }, 'amountMinor', 'Enter an amount greater than 0.'],
      [{ amountMinor: 12.5 }, 'amountMinor', 'Enter an amount greater than 0.'],
      [{ amountMinor: 100_000_001 }, 'amountMinor', 'Enter an amount of at most 1,000,000.'],
      [{ isRecurring: true, frequency: null }, 'frequency', 'Choose how often you give.'],
      [{ designation: 'Rowing club' }, 'designation', 'Choose one of the listed designations.'],
      [{ designation: null }, 'designation', 'Choose where your gift goes.'],
    ])('refuses %j with the %s message and records nothing', async (body, field, message) => {
      const response = await pledge(otherAlumnus, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
      expect(await pledgeRows(otherAlumnus.id)).toHaveLength(0);
      expect(await mailsTo(otherAlumnus)).toHaveLength(0);
    });

    it('records a pledge, answers the payment page and emails the donor a thank-you', async () => {
      const response = await pledge(alumnus, {
        amountMinor: 5000,
        isRecurring: true,
        frequency: 'monthly',
        note: 'In memory of Prof. Lee',
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({
        paymentUrl: PAYMENT_URL,
        pledge: {
          amountMinor: 5000,
          currency: 'USD',
          designation: 'Scholarships',
          isRecurring: true,
          frequency: 'monthly',
          isAnonymous: false,
          note: 'In memory of Prof. Lee',
        },
      });
      expect(await pledgeRows(alumnus.id)).toHaveLength(1);
      const [mail] = await mailsTo(alumnus);
      expect(mail?.subject).toMatch(/^Thank you for your pledge to /);
      expect(mail?.textBody).toContain('Amount: $50.00 (monthly)');
      expect(mail?.textBody).toContain('Designation: Scholarships');
      expect(mail?.textBody).toContain(PAYMENT_URL);
      const page = (await call(alumnus, 'GET', '/api/giving')).json();
      expect(page.pledges.map((p: { id: string }) => p.id)).toEqual([body.pledge.id]);
    });

    it('emails the donor of an anonymous pledge too, and keeps it out of other members’ pages', async () => {
      const response = await pledge(otherAlumnus, { isAnonymous: true, designation: 'Library' });
      expect(response.statusCode, response.body).toBe(201);
      const mails = await mailsTo(otherAlumnus);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.textBody).toContain('You asked to give anonymously');
      const alumnusPage = (await call(alumnus, 'GET', '/api/giving')).json();
      expect(alumnusPage.pledges.map((p: { isAnonymous: boolean }) => p.isAnonymous)).toEqual([false]);
    });

    it('takes free text, or no designation, when the hub lists none', async () => {
      expect((await putSettings(donationsAdmin, { ...SETTINGS, designations: [] })).statusCode).toBe(200);
      try {
        const free = await pledge(alumnus, { designation: 'Rowing club' });
        expect(free.statusCode, free.body).toBe(201);
        expect(free.json().pledge.designation).toBe('Rowing club');
        const none = await pledge(alumnus, { designation: null });
        expect(none.json().pledge.designation).toBeNull();
      } finally {
        await putSettings(donationsAdmin, SETTINGS);
      }
    });
  });

  describe('admin list and CSV', () => {
    it('refuses members and admins without the donations right', async () => {
      for (const user of [alumnus, student, brandingAdmin]) {
        expect((await call(user, 'GET', '/api/giving/pledges')).statusCode).toBe(403);
        expect((await call(user, 'GET', '/api/giving/pledges.csv')).statusCode).toBe(403);
      }
    });

    it('pages the pledges newest first and names the donor of an anonymous pledge for receipts', async () => {
      const all: TAdminPledge[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
        const response = await call(donationsAdmin, 'GET', `/api/giving/pledges${query}`);
        expect(response.statusCode, response.body).toBe(200);
        const page = response.json<{ items: TAdminPledge[]; nextCursor: string | null }>();
        expect(page.items.length).toBeLessThanOrEqual(2);
        all.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor !== null);
      const rows = await asCluster((tx) => tx.select().from(pledges).where(eq(pledges.hubId, hub.id)));
      expect(all).toHaveLength(rows.length);
      expect(new Set(all.map((p) => p.id)).size).toBe(rows.length);
      const anonymous = all.find((p) => p.isAnonymous);
      expect(anonymous?.donor.id).toBe(otherAlumnus.id);
      expect(anonymous?.donor.name).toContain('Quiet');
    });

    it('exports every pledge as CSV with quoted cells and formulas neutralised', async () => {
      const formula = await pledge(alumnus, { note: '=HYPERLINK("http://evil.example","click"), then +1' });
      expect(formula.statusCode, formula.body).toBe(201);
      const response = await call(donationsAdmin, 'GET', '/api/giving/pledges.csv');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="pledges-${hub.identifier}.csv"`,
      );
      const lines = response.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'Pledged at (UTC),Donor,Email,Anonymous,Amount,Currency,Amount (minor units),Designation,Frequency,Note',
      );
      const rows = await asCluster((tx) => tx.select().from(pledges).where(eq(pledges.hubId, hub.id)));
      expect(lines).toHaveLength(rows.length + 1);
      expect(lines.at(-1)).toContain(
        `,$25.00,USD,2500,Scholarships,One-off,"'=HYPERLINK(""http://evil.example"",""click""), then +1"`,
      );
      const anonymousLine = lines.find((line) => line.includes(otherAlumnus.email));
      expect(anonymousLine).toContain(`,${otherAlumnus.email},yes,`);
    });

    it('does not show another hub’s pledges to this hub’s donations admin', async () => {
      const response = await call(donationsAdmin, 'GET', '/api/giving/pledges', {
        hubIdentifier: otherHub.identifier,
      });
      expect([403, 404]).toContain(response.statusCode);
    });
  });

  describe('home banners', () => {
    const bannerSections = async (user: TTestUser) => {
      const response = await call(user, 'GET', '/api/home?tab=giveBack');
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json<{ sections: Array<{ key: string; banner: { href: string; title: string } | null }> }>()
        .sections.filter((s) => s.key === 'donationBanner' || s.key === 'giveCampusBanner');
    };

    it('leads those who may give from the donation banner to the in-app giving form', async () => {
      const sections = await bannerSections(alumnus);
      expect(sections.map((s) => [s.key, s.banner?.title, s.banner?.href])).toEqual([
        ['donationBanner', 'Give back', `/hub/${hub.identifier}/give`],
      ]);
      expect(await bannerSections(student)).toEqual([]);
    });

    it('shows the give-campus banner instead when the hub set no banner of its own', async () => {
      expect((await putSettings(donationsAdmin, { ...SETTINGS, banner: null })).statusCode).toBe(200);
      try {
        const sections = await bannerSections(alumnus);
        expect(sections.map((s) => [s.key, s.banner?.href])).toEqual([
          ['giveCampusBanner', `/hub/${hub.identifier}/give`],
        ]);
        // No payment page: the giving page says so instead of linking nowhere.
        expect((await call(alumnus, 'GET', '/api/giving')).json().paymentUrl).toBeNull();
      } finally {
        await putSettings(donationsAdmin, SETTINGS);
      }
    });
  });
});
