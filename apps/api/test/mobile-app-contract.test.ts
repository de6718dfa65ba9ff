import { randomBytes } from 'node:crypto';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildSpecies, buildUser, decodeMail, isMailTo } from './factories';
import { createTestApp, outbox, type TestApp, waitForMail } from './harness';

/**
 * The installed birders' app (shared/clients/druk-ebird-app.md), replayed call by call exactly as
 * its source sends them: the same paths (mixed case), bodies and headers, a token only on updateMe
 * and updateMyPassword, and one cookie jar for the whole session as React Native keeps it. Every
 * field the app reads is asserted.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const uniqueEmail = () => `app-${randomBytes(4).toString('hex')}@test.bt`;
const CLOUDINARY = 'https://res.cloudinary.com/druk-ebird/image/upload/v1/birds';

/** The phone: one cookie jar, axios's JSON content type. */
const phone = () => supertest.agent(t.app);
type Phone = ReturnType<typeof phone>;

async function mailedCode(email: string, before: number): Promise<string> {
  // Mail goes out after the answer, and an earlier test's mail may land first: wait for this recipient's.
  let mail: string | undefined;
  for (let n = before + 1; !mail && n <= before + 50; n++) {
    mail = (await waitForMail(t, n)).filter((m) => isMailTo(m, email)).at(-1);
  }
  const code = /sign up for Jarog is (\d{6})/.exec(decodeMail(mail ?? ''))?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Calls 1-3 as the app makes them: verification, OTP with only the code, signup with no name or email. */
async function signUpLikeTheApp(app: Phone, email: string, name = 'Sonam Choden') {
  const before = outbox(t).length;
  const asked = await app.post('/api/v1/users/verification').send({ name, email });
  expect(asked.status).toBe(200);
  expect(asked.body.status).toBe('success');
  const cookie = asked.headers['set-cookie']?.toString() ?? '';
  expect(cookie).toMatch(/jarog_signup=/);
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
  const otp = await mailedCode(email, before);
  const verified = await app.post('/api/v1/users/OTP').send({ otp });
  expect(verified.status, verified.text).toBe(200);
  expect(verified.body.status).toBe('success');
  const signed = await app.post('/api/v1/users/signup').send({
    dob: '1998-04-12T00:00:00.000Z',
    country: 'Bhutan',
    profession: 'Student',
    password: 'tashi-delek-22',
    passwordConfirm: 'tashi-delek-22',
  });
  expect(signed.status, signed.text).toBe(201);
  expect(signed.body.status).toBe('success');
  return signed.body.data.user as { _id: string; name: string; dob: string };
}

/** An entry document as the app builds it (call 6). */
function entryDoc(userId: string, over: Record<string, unknown> = {}, start: Record<string, unknown> = {}) {
  return {
    CheckListName: 'Morning at Chelela',
    BirdName: 'Himalayan Monal',
    userId,
    StartbirdingData: [
      {
        Totalcount: 3,
        currentLocation: { latitude: 27.37, longitude: 89.37 },
        selectedDate: '2026-03-14',
        selectedTime: '06:45:00',
        observer: 'Sonam Choden',
        status: 'submittedchecklist',
        EndpointLocation: [{ dzongkhag: 'Paro', gewog: 'Tsento', village: 'Drukgyel' }],
        ...start,
      },
    ],
    ...over,
  };
}

describe('the installed app, all 13 calls, one cookie jar, no token but on calls 11 and 12', () => {
  it('signs up, signs in, records, polls, is told of an identification, edits the profile and password', async () => {
    const app = phone();
    const email = uniqueEmail();
    await buildSpecies(t, { englishName: 'Himalayan Monal', scientificName: 'Lophophorus impejanus' });

    // 1-3: sign-up with the name and email only in call 1.
    const created = await signUpLikeTheApp(app, email);
    expect(created).toMatchObject({ name: 'Sonam Choden', dob: '1998-04-12' });

    // 4: Login (mixed case path); the app reads status, token and the user's fields.
    const login = await app.post('/api/v1/users/Login').send({ email, password: 'tashi-delek-22' });
    expect(login.status).toBe(200);
    expect(login.body.status).toBe('success');
    expect(login.body.token).toEqual(expect.any(String));
    const user = login.body.data.user;
    expect(user).toMatchObject({
      _id: created._id,
      name: 'Sonam Choden',
      photo: null,
      profession: 'Student',
      dob: '1998-04-12',
    });
    const session = login.headers['set-cookie']?.toString() ?? '';
    expect(session).toMatch(/jarog_session=/);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Max-Age=604800/);
    const token = login.body.token as string;

    // 5: species.
    const species = await app.get('/api/v1/species?limit=20');
    expect(species.status).toBe(200);
    expect(species.body.species[0]).toMatchObject({
      _id: expect.any(String),
      englishName: expect.any(String),
    });
    expect(species.body.species.map((s: { englishName: string }) => s.englishName)).toContain(
      'Himalayan Monal',
    );

    // 6: entries with no token: a bird with details (JAcount as text, a Cloudinary photo), an
    // Unknown Bird counted in `count`, and a draft. The userId in the body is not trusted.
    const someoneElse = await buildUser(t);
    const posted = await app.post('/api/v1/checkList').send([
      entryDoc(
        someoneElse.id,
        {},
        { JAcount: { Adult: '2', Juvenile: '1' }, Remarks: 'Calling', photo: `${CLOUDINARY}/monal.jpg` },
      ),
      entryDoc(
        user._id,
        // The status beside StartbirdingData, as some builds of the app put it.
        { BirdName: 'Unknown Birds', status: 'submittedchecklist' },
        { Totalcount: undefined, status: undefined, count: 4, photo: `${CLOUDINARY}/mystery.jpg` },
      ),
      {
        ...entryDoc(user._id, { CheckListName: 'Draft by the river' }),
        StartbirdingData: [
          {
            Totalcount: 1,
            currentLocation: { latitude: 27.4, longitude: 89.4 },
            selectedDate: '2026-03-15',
            selectedTime: '07:00:00',
          },
        ],
      },
    ]);
    expect(posted.status, posted.text).toBeGreaterThanOrEqual(200);
    expect(posted.status).toBeLessThan(300);

    // 7: the 5-second poll: no token, no query; data is an array of the birder's own entries.
    const polled = await app.get('/api/v1/checkList');
    expect(polled.status).toBe(200);
    expect(Array.isArray(polled.body.data)).toBe(true);
    const mine = (polled.body.data as Record<string, unknown>[]).filter((item) => item.userId === user._id);
    expect(mine).toHaveLength(3);
    type Item = { _id: string; StartbirdingData: Record<string, unknown>[] };
    const find = (name: string, list = 'Morning at Chelela') =>
      mine.find((e) => e.BirdName === name && e.CheckListName === list) as Item | undefined;
    const monal = find('Himalayan Monal');
    const unknown = find('Unknown Birds');
    expect(monal?.StartbirdingData[0]).toMatchObject({
      status: 'submittedchecklist',
      selectedDate: '2026-03-14',
      selectedTime: '06:45:00',
      Totalcount: 3,
      JAcount: { Adult: 2, Juvenile: 1 },
      photo: `${CLOUDINARY}/monal.jpg`,
      EndpointLocation: [{ dzongkhag: 'Paro', gewog: 'Tsento', village: 'Drukgyel' }],
    });
    expect(monal).toMatchObject({ CheckListName: 'Morning at Chelela', Approvedstatus: 'pending' });
    // The Unknown Bird keeps its number (the old server stored 0).
    expect(unknown?.StartbirdingData[0]).toMatchObject({ count: 4, Totalcount: 4 });
    const draft = find('Himalayan Monal', 'Draft by the river');
    expect(draft?.StartbirdingData[0]?.status).toBe('draftchecklist');
    // The poll costs a 304 while nothing changed.
    const etag = polled.headers.etag as string;
    expect(etag).toMatch(/^"/);
    expect((await app.get('/api/v1/checkList').set('If-None-Match', etag)).status).toBe(304);

    // 8: delete the draft, no token.
    const deleted = await app.delete(`/api/v1/checkList/${draft?._id}`);
    expect(deleted.status).toBe(200);
    const after = await app.get('/api/v1/checkList').set('If-None-Match', etag);
    expect(after.status).toBe(200);
    expect(after.body.data).toHaveLength(2);

    // An admin identifies the Unknown Bird: the app's notice list (9) shows it.
    const admin = await buildAdmin(t);
    const named = await t
      .http()
      .patch(`/api/v1/checklists/${unknown?._id}`)
      .set(bearer(admin))
      .send({ BirdName: 'Himalayan Monal' });
    expect(named.status, named.text).toBe(200);
    const notices = await app.get(`/api/v1/notifications/${user._id}`);
    expect(notices.status).toBe(200);
    expect(Array.isArray(notices.body.data)).toBe(true);
    expect(notices.body.data).toHaveLength(1);
    expect(notices.body.data[0]).toMatchObject({
      _id: expect.any(String),
      userId: user._id,
      BirdName: 'Himalayan Monal',
      photoUrl: `${CLOUDINARY}/mystery.jpg`,
      message: expect.stringContaining('Unknown Birds'),
    });

    // 10: delete the notice, no token.
    expect((await app.delete(`/api/v1/notifications/${notices.body.data[0]._id}`)).status).toBe(200);
    expect((await app.get(`/api/v1/notifications/${user._id}`)).body.data).toEqual([]);

    // 11: updateMe with the bearer token; the profile editor sends dob as typed, a Cloudinary photo.
    const me = await app
      .patch('/api/v1/users/updateMe')
      .set('Authorization', `Bearer ${token}`)
      .send({ name: 'Sonam C.', dob: '12/04/1998', profession: 'Guide', photo: `${CLOUDINARY}/me.jpg` });
    expect(me.status, me.text).toBe(200);
    expect(me.body.status).toBe('success');
    expect(me.body.data.user).toMatchObject({
      _id: user._id,
      name: 'Sonam C.',
      dob: '1998-04-12',
      profession: 'Guide',
      photo: `${CLOUDINARY}/me.jpg`,
    });
    const badPhoto = await app
      .patch('/api/v1/users/updateMe')
      .set('Authorization', `Bearer ${token}`)
      .send({ photo: 'http://res.cloudinary.com/x.jpg' });
    expect(badPhoto.status).toBe(400);
    expect(badPhoto.body.error).toBe(badPhoto.body.message);

    // 12: updateMyPassword with the bearer: a wrong current password is 401; the right one succeeds
    // and the app goes on with its old token and its cookie.
    const elsewhere = phone();
    const other = await elsewhere.post('/api/v1/users/login').send({ email, password: 'tashi-delek-22' });
    expect(other.status).toBe(200);
    const wrong = await app
      .patch('/api/v1/users/updateMyPassword')
      .set('Authorization', `Bearer ${token}`)
      .send({
        passwordCurrent: 'not-my-password',
        password: 'new-pass-333',
        passwordConfirm: 'new-pass-333',
      });
    expect(wrong.status).toBe(401);
    const changed = await app
      .patch('/api/v1/users/updateMyPassword')
      .set('Authorization', `Bearer ${token}`)
      .send({ passwordCurrent: 'tashi-delek-22', password: 'new-pass-333', passwordConfirm: 'new-pass-333' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.status).toBe('success');
    expect(
      (await app.patch('/api/v1/users/updateMe').set(bearer({ token })).send({ name: 'Sonam' })).status,
    ).toBe(200);
    expect((await app.get('/api/v1/checkList')).status).toBe(200);
    // Every other session ended: its cookie and its token.
    expect((await elsewhere.get('/api/v1/checkList')).status).toBe(401);
    expect(
      (
        await t
          .http()
          .get('/api/v1/checkList')
          .set(bearer({ token: other.body.token }))
      ).status,
    ).toBe(401);

    // 13: forgotPassword answers 201.
    const forgot = await phone().post('/api/v1/forgotPassword').send({ email });
    expect(forgot.status).toBe(201);
  });
});

describe('without trusting the app', () => {
  async function signedIn() {
    const app = phone();
    const email = uniqueEmail();
    await signUpLikeTheApp(app, email);
    const login = await app.post('/api/v1/users/Login').send({ email, password: 'tashi-delek-22' });
    return { app, email, token: login.body.token as string, id: login.body.data.user._id as string };
  }

  it('binds OTP and signup to the verification cookie: no cookie or another email is refused', async () => {
    const email = uniqueEmail();
    // Without the cookie, a bare code says what to do.
    const bare = await phone().post('/api/v1/users/OTP').send({ otp: '123456' });
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ status: 'fail', error: bare.body.message });
    const app = phone();
    const before = outbox(t).length;
    await app.post('/api/v1/users/verification').send({ name: 'Dawa', email });
    const otp = await mailedCode(email, before);
    const mismatch = await app.post('/api/v1/users/OTP').send({ otp, email: uniqueEmail() });
    expect(mismatch.status).toBe(400);
    expect((await app.post('/api/v1/users/OTP').send({ otp, email })).status).toBe(200);
    const body = {
      dob: '',
      country: 'Bhutan',
      password: 'tashi-delek-22',
      passwordConfirm: 'tashi-delek-22',
    };
    expect((await app.post('/api/v1/users/signup').send({ ...body, email: uniqueEmail() })).status).toBe(400);
    const signed = await app.post('/api/v1/users/signup').send(body);
    expect(signed.status).toBe(201);
    // dob "" is not given.
    expect(signed.body.data.user).toMatchObject({ name: 'Dawa', email, dob: null });
  });

  it('accepts the session cookie only on app routes, only without a bearer, and writes only as JSON', async () => {
    const { app, id } = await signedIn();
    expect((await app.get('/api/v1/checkList')).status).toBe(200);
    // Console routes never accept it.
    expect((await app.get('/auth/checkLoggedIn')).status).toBe(401);
    expect((await app.get('/api/v1/locations/villages')).status).toBe(401);
    // An invalid bearer is refused, with no fallback to the cookie.
    const bad = await app.get('/api/v1/checkList').set('Authorization', 'Bearer not-a-token');
    expect(bad.status).toBe(401);
    expect((await app.get('/api/v1/checkList').set('Authorization', 'Basic abc')).status).toBe(401);
    // A cross-site form can send only form or text bodies: refused with the cookie.
    const form = await app
      .post('/api/v1/checkList')
      .type('form')
      .send({ CheckListName: 'x', BirdName: 'Forged' });
    expect(form.status).toBe(415);
    const text = await app
      .patch('/api/v1/users/updateMe')
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ name: 'Forged' }));
    expect(text.status).toBe(415);
    expect((await app.get(`/api/v1/notifications/${id}`)).status).toBe(200);
  });

  it('ends the cookie with its token: signing out everywhere refuses both', async () => {
    const { app, token } = await signedIn();
    expect((await t.http().post('/auth/logout').set(bearer({ token }))).status).toBe(200);
    expect((await app.get('/api/v1/checkList')).status).toBe(401);
    expect((await t.http().get('/api/v1/checkList').set(bearer({ token }))).status).toBe(401);
  });

  it("never returns another birder's entries and refuses photos off the configured hosts", async () => {
    const a = await signedIn();
    const b = await signedIn();
    expect((await a.app.post('/api/v1/checkList').send([entryDoc(b.id)])).status).toBe(201);
    expect((await b.app.get('/api/v1/checkList')).body.data).toEqual([]);
    const theirs = await a.app.get('/api/v1/checkList');
    expect(theirs.body.data.map((e: { userId: string }) => e.userId)).toEqual([a.id]);
    for (const photo of ['http://res.cloudinary.com/a.jpg', 'https://evil.example/a.jpg', 'ftp://x/a.jpg']) {
      const refused = await a.app
        .post('/api/v1/checkList')
        .send([entryDoc(a.id, { CheckListName: photo }, { photo })]);
      expect(refused.status, photo).toBe(400);
      expect(refused.body.error).toBe(refused.body.message);
    }
    expect((await a.app.get('/api/v1/checkList')).body.data).toHaveLength(1);
  });
});
