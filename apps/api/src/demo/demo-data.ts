import type { AppContext } from '../context';
import { hashPassword } from '../lib/passwords';
import { recordActivity } from '../modules/notifications/notifications.service';
import { speciesRepository } from '../modules/species/species.repository';
import { usersRepository } from '../modules/users/users.repository';
import { loadDemoRecords } from './demo-records';
import { DEMO_SPECIES } from './demo-species';

/** The demo admin's password, printed at start so a newcomer can try a non-root account too. */
export const DEMO_ADMIN = {
  name: 'Karma Wangchuk',
  email: 'karma.admin@jarog.local',
  password: 'jarog-demo-admin',
};

const DEMO_BIRDERS = [
  { name: 'Sonam Choden', email: 'sonam.choden@example.bt', country: 'Bhutan', profession: 'Forest ranger' },
  { name: 'Tshering Dorji', email: 'tshering.dorji@example.bt', country: 'Bhutan', profession: 'Teacher' },
  { name: 'Pema Lhamo', email: 'pema.lhamo@example.bt', country: 'Bhutan', profession: 'Student' },
  { name: 'Anika Rao', email: 'anika.rao@example.in', country: 'India', profession: 'Ornithologist' },
];

/** Loads the project's own demo accounts (idempotent: existing emails are left alone). */
export async function loadDemoData(ctx: AppContext): Promise<void> {
  const db = ctx.database.db;
  const birderHash = await hashPassword('jarog-demo-birder');
  await db.transaction(async (tx) => {
    if (!(await usersRepository.findByEmail(tx, DEMO_ADMIN.email))) {
      await usersRepository.insert(tx, {
        name: DEMO_ADMIN.name,
        email: DEMO_ADMIN.email,
        passwordHash: await hashPassword(DEMO_ADMIN.password),
        userType: 'admin-user',
      });
    }
    for (const b of DEMO_BIRDERS) {
      if (await usersRepository.findByEmail(tx, b.email)) continue;
      await usersRepository.insert(tx, { ...b, passwordHash: birderHash, userType: 'user' });
    }
    const known = await speciesRepository.findByNames(tx, {
      english: DEMO_SPECIES.map((s) => s.englishName),
    });
    const knownNames = new Set(known.map((s) => s.englishName.toLowerCase()));
    for (const s of DEMO_SPECIES) {
      if (!knownNames.has(s.englishName.toLowerCase())) await speciesRepository.insert(tx, s);
    }
    await loadDemoRecords(tx, {
      birderEmails: DEMO_BIRDERS.map((b) => b.email),
      reviewerEmail: DEMO_ADMIN.email,
    });
    await recordActivity(tx, null, 'Demo data loaded');
  });
  ctx.logger.info('demo data loaded');
}
