import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildAdmin, buildSpecies, buildUser, pngDataUrl } from './factories';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  // A small catalogue to filter and search.
  await buildSpecies(t, {
    englishName: 'White-bellied Heron',
    scientificName: 'Ardea insignis',
    orderName: 'Pelecaniformes',
    familyName: 'Ardeidae',
    genus: 'Ardea',
    iucnStatus: 'CR',
    residency: 'Resident',
    groupName: 'Heron',
  });
  await buildSpecies(t, {
    englishName: 'Grey Heron',
    scientificName: 'Ardea cinerea',
    orderName: 'Pelecaniformes',
    familyName: 'Ardeidae',
    genus: 'Ardea',
    iucnStatus: 'LC',
    residency: 'Winter visitor',
    groupName: 'Heron',
  });
  await buildSpecies(t, {
    englishName: 'Black-necked Crane',
    scientificName: 'Grus nigricollis',
    orderName: 'Gruiformes',
    familyName: 'Gruidae',
    genus: 'Grus',
    iucnStatus: 'NT',
    residency: 'Winter visitor',
    dzongkhaName: 'Thrung Thrung Karmo',
  });
  await buildSpecies(t, {
    englishName: 'Northern Raven',
    scientificName: 'Corvus corax',
    orderName: 'Passeriformes',
    familyName: 'Corvidae',
    genus: 'Corvus',
    iucnStatus: 'LC',
    residency: 'Resident',
    dzongkhaName: 'Jarog',
  });
  await buildSpecies(t, {
    englishName: 'Pallas’s Fish Eagle',
    scientificName: 'Haliaeetus leucoryphus',
    orderName: 'Accipitriformes',
    familyName: 'Accipitridae',
    genus: 'Haliaeetus',
    iucnStatus: 'EN',
  });
  await buildSpecies(t, {
    englishName: 'Crème Test Warbler',
    scientificName: 'Phylloscopus cremeus',
    orderName: 'Passeriformes',
    familyName: 'Phylloscopidae',
  });
});
afterAll(() => t.close());

const list = (query: string) => t.http().get(`/api/v1/species/get?${query}`).set(bearer(admin));
const names = (body: { species: { englishName: string }[] }) => body.species.map((s) => s.englishName);

describe('GET /api/v1/species/get', () => {
  it('401 → 400 → 403 → 200 with the documented fields', async () => {
    expect((await t.http().get('/api/v1/species/get')).status).toBe(401);
    expect((await list('page=0')).status).toBe(400);
    const user = await buildUser(t);
    expect((await t.http().get('/api/v1/species/get').set(bearer(user))).status).toBe(403);
    const res = await list('limit=2');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'families',
        'foundTotal',
        'genuses',
        'groups',
        'iucnstatuses',
        'limit',
        'orders',
        'page',
        'residencies',
        'species',
        'speciesTotal',
      ].sort(),
    );
    expect(res.body.species).toHaveLength(2);
    expect(res.body.speciesTotal).toBe(6);
    expect(res.body.foundTotal).toBe(6);
    expect(res.body.orders).toEqual(['Accipitriformes', 'Gruiformes', 'Passeriformes', 'Pelecaniformes']);
  });

  it('combines filters: AND between fields, OR inside a comma list', async () => {
    expect(names((await list('family=Ardeidae&limit=50')).body)).toEqual([
      'Grey Heron',
      'White-bellied Heron',
    ]);
    expect(names((await list('family=Ardeidae&iucn_status=CR&limit=50')).body)).toEqual([
      'White-bellied Heron',
    ]);
    expect(names((await list('iucn_status=CR,EN&limit=50')).body)).toEqual([
      'Pallas’s Fish Eagle',
      'White-bellied Heron',
    ]);
    const res = await list('residency=Winter%20visitor&order=Gruiformes,Pelecaniformes&limit=50');
    expect(names(res.body)).toEqual(['Black-necked Crane', 'Grey Heron']);
    expect(res.body.foundTotal).toBe(2);
  });

  it('never hides a species with an empty field behind a filter it does not name', async () => {
    const res = await list('order=Passeriformes&limit=50');
    expect(names(res.body)).toContain('Crème Test Warbler'); // no IUCN status, no residency
  });

  it('searches case- and accent-insensitively, anywhere in English, scientific and local names', async () => {
    expect(names((await list('search=heron&limit=50')).body)).toEqual(['Grey Heron', 'White-bellied Heron']);
    expect(names((await list('search=CORAX')).body)).toEqual(['Northern Raven']);
    expect(names((await list('search=jarog')).body)).toEqual(['Northern Raven']);
    expect(names((await list('search=creme')).body)).toEqual(['Crème Test Warbler']);
    expect(names((await list('bird_name=necked%20crane')).body)).toEqual(['Black-necked Crane']);
  });

  it('tolerates small typos', async () => {
    expect(names((await list('search=herom&limit=50')).body)).toEqual(expect.arrayContaining(['Grey Heron']));
    expect(names((await list('search=nigricolis')).body)).toEqual(['Black-necked Crane']);
  });

  it('treats user text literally: wildcards and quotes are just characters', async () => {
    expect((await list('search=%25')).body.foundTotal).toBe(0);
    expect((await list("search=' or 1=1 --")).status).toBe(200);
    expect((await list('search=_')).body.foundTotal).toBe(0);
  });

  it('filters by scientific name and species epithet', async () => {
    expect(names((await list('scientific_name=ardea&limit=50')).body)).toEqual([
      'Grey Heron',
      'White-bellied Heron',
    ]);
  });

  it('caps the page size at 100', async () => {
    expect((await list('limit=5000')).body.limit).toBe(100);
  });
});

describe('GET /api/v1/species (mobile) and export', () => {
  it('is readable without signing in', async () => {
    const res = await t.http().get('/api/v1/species?limit=1');
    expect(res.status).toBe(200);
    expect(res.body.species).toHaveLength(1);
  });

  it('streams the whole filtered catalogue as JSON with export_limit=all', async () => {
    const res = await t.http().get('/api/v1/species?export_limit=all&family=Ardeidae');
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['Grey Heron', 'White-bellied Heron']);
    expect(res.body.foundTotal).toBe(2);
  });

  it('streams species.csv, exactly the filtered list, with formula cells neutralised', async () => {
    await buildSpecies(t, {
      englishName: 'Formula Bird',
      scientificName: 'Formula avis',
      habitat: '=HYPERLINK("http://x")',
      orderName: 'Testiformes',
    });
    const res = await t
      .http()
      .get('/api/v1/species?export_limit=all&format=csv&order=Testiformes,Gruiformes');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="species.csv"');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toMatch(/^englishName,scientificName,order,family,genus/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^Black-necked Crane,/);
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://x"")"`);
  });
});

describe('species CRUD', () => {
  it('POST: 401 → 400 (rules) → 403 → 201 with photos stored through sharp', async () => {
    expect((await t.http().post('/api/v1/species').send({ englishName: 'X' })).status).toBe(401);
    const missing = await t.http().post('/api/v1/species').set(bearer(admin)).send({});
    expect(missing.body.message).toBe('English name is required!');
    const short = await t.http().post('/api/v1/species').set(bearer(admin)).send({ englishName: ' A ' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Please provide a name with at least 2 letters!');
    const badObs = await t
      .http()
      .post('/api/v1/species')
      .set(bearer(admin))
      .send({ englishName: 'Bird', observations: -1 });
    expect(badObs.body.message).toBe('Observations must be 0 or more');
    const badIucn = await t
      .http()
      .post('/api/v1/species')
      .set(bearer(admin))
      .send({ englishName: 'Bird', iucnStatus: 'XX' });
    expect(badIucn.body.message).toMatch(/IUCN status must be one of EX, EW, CR/);
    const user = await buildUser(t);
    expect(
      (await t.http().post('/api/v1/species').set(bearer(user)).send({ englishName: 'Bird' })).status,
    ).toBe(403);

    const res = await t
      .http()
      .post('/api/v1/species')
      .set(bearer(admin))
      .send({
        englishName: '  Rufous-necked   Hornbill ',
        scientificName: 'Aceros nipalensis',
        iucnStatus: 'vu ',
        residency: 'resident',
        citesAppendix: 'I',
        observations: '12',
        photos: [await pngDataUrl(2000, 1000)],
      });
    expect(res.status).toBe(201);
    const s = res.body.data;
    expect(s).toMatchObject({
      englishName: 'Rufous-necked Hornbill',
      iucnStatus: 'VU',
      residency: 'Resident',
      observations: 12,
    });
    expect(s.photos).toHaveLength(1);
    const key = (s.photos[0].url as string).replace('http://api.test/media/', '');
    const meta = await sharp(path.join(t.dataDir, 'media', key)).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(1600);
    const thumb = await sharp(
      path.join(
        t.dataDir,
        'media',
        (s.photos[0].thumbnailUrl as string).replace('http://api.test/media/', ''),
      ),
    ).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 260]);
    const log = await t.http().get('/notifications').set(bearer(admin));
    expect(log.body.notifications[0].message).toBe(
      `A new Species Rufous-necked Hornbill has been added by ${admin.email}`,
    );
  });

  it('POST refuses non-images and SVG, and stores nothing', async () => {
    const fake = `data:image/png;base64,${Buffer.from('not an image').toString('base64')}`;
    const res = await t
      .http()
      .post('/api/v1/species')
      .set(bearer(admin))
      .send({ englishName: 'Fake Photo Bird', photos: [fake] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Photo is not a readable image');
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
    expect(
      (
        await t
          .http()
          .post('/api/v1/species')
          .set(bearer(admin))
          .send({ englishName: 'Svg Bird', photos: [svg] })
      ).status,
    ).toBe(400);
    expect((await list('search=Fake%20Photo')).body.foundTotal).toBe(0);
  });

  it('POST answers 409 naming the clash for a duplicate English or scientific name, in any case', async () => {
    const a = await t.http().post('/api/v1/species').set(bearer(admin)).send({ englishName: 'grey heron' });
    expect(a.status).toBe(409);
    expect(a.body.message).toBe("A species named 'Grey Heron' already exists");
    const b = await t
      .http()
      .post('/api/v1/species')
      .set(bearer(admin))
      .send({ englishName: 'Another', scientificName: 'ARDEA CINEREA' });
    expect(b.status).toBe(409);
    expect(b.body.message).toContain('Ardea cinerea');
  });

  it('PATCH changes only the fields sent, appends photos; DELETE photo removes the files', async () => {
    const s = await buildSpecies(t, {
      englishName: 'Patch Bird',
      scientificName: 'Patchus avis',
      habitat: 'Forest',
      iucnStatus: 'LC',
    });
    const res = await t
      .http()
      .patch(`/api/v1/species/${s.id}`)
      .set(bearer(admin))
      .send({ habitat: 'Wetland', photos: [await pngDataUrl()] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      habitat: 'Wetland',
      iucnStatus: 'LC',
      scientificName: 'Patchus avis',
    });
    const photo = res.body.data.photos[0];
    const file = path.join(t.dataDir, 'media', (photo.url as string).replace('http://api.test/media/', ''));
    expect(existsSync(file)).toBe(true);
    const cleared = await t
      .http()
      .patch(`/api/v1/species/${s.id}`)
      .set(bearer(admin))
      .send({ habitat: null });
    expect(cleared.body.data.habitat).toBeNull();
    expect(
      (await t.http().patch(`/api/v1/species/${s.id}`).set(bearer(admin)).send({ englishName: 'x' })).status,
    ).toBe(400);
    expect(
      (await t.http().patch(`/api/v1/species/${s.id}`).set(bearer(admin)).send({ englishName: 'Grey Heron' }))
        .status,
    ).toBe(409);

    expect((await t.http().delete(`/api/v1/species/${s.id}/photos/${s.id}`).set(bearer(admin))).status).toBe(
      404,
    );
    const del = await t.http().delete(`/api/v1/species/${s.id}/photos/${photo._id}`).set(bearer(admin));
    expect(del.status).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect((await t.http().get(`/api/v1/species/${s.id}`)).body.photos).toEqual([]);
  });

  it('DELETE removes the species and its photo files, and logs it', async () => {
    const created = await t
      .http()
      .post('/api/v1/species')
      .set(bearer(admin))
      .send({ englishName: 'Doomed Bird', photos: [await pngDataUrl()] });
    const id = created.body.data._id as string;
    const file = path.join(
      t.dataDir,
      'media',
      (created.body.data.photos[0].url as string).replace('http://api.test/media/', ''),
    );
    const res = await t.http().delete(`/api/v1/species/${id}`).set(bearer(admin));
    expect(res.status).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect((await t.http().get(`/api/v1/species/${id}`)).status).toBe(404);
    const log = await t.http().get('/notifications').set(bearer(admin));
    expect(log.body.notifications[0].message).toBe(`A Bird Doomed Bird deleted by ${admin.email}`);
    expect((await t.http().delete(`/api/v1/species/${id}`).set(bearer(admin))).status).toBe(404);
  });

  it('GET by id: 400 for a bad id, 404 for an unknown one', async () => {
    expect((await t.http().get('/api/v1/species/not-a-uuid')).status).toBe(400);
    expect((await t.http().get('/api/v1/species/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
