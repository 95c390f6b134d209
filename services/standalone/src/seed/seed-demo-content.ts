import type { INestApplication } from '@nestjs/common';
import { ACCOUNTS_API } from '@wildframe/contracts';
import type { AccountsApi } from '@wildframe/contracts';
import { PhotoActions, SiteAssets, UploadPhoto } from '@wildframe/photos';
import { LocalServiceRegistry } from '@wildframe/platform';
import type { Identity } from '@wildframe/platform';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';

interface Credit {
  author: string;
  licence: string;
  source: string;
}

interface SeedPlan {
  account: { email: string; firstName: string; lastName: string };
  photos: Array<{ file: string; title: string; description: string; category: 'wildlife' | 'landscape'; featured: boolean; credit: Credit }>;
  assets: Array<{ name: string; file: string; title: string; description: string; category: string; credit: Credit }>;
}

/** Progress kept in DATA_DIR, so a first start that is stopped midway resumes where it left off. */
interface SeedState {
  accountId?: string;
  photos: string[];
  done?: boolean;
  /** The file each home page image was made from: a plan that names another one (an upgrade) puts it again. */
  assets?: Record<string, string>;
}

function readState(file: string): SeedState {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SeedState) : { photos: [] };
}

function writeState(file: string, state: SeedState): void {
  writeFileSync(`${file}.tmp`, JSON.stringify(state));
  renameSync(`${file}.tmp`, file);
}

/** The seed's plan: the demo account, its photos and the home page images (`seed/seed.json`). */
export function readSeedPlan(seedDir: string): SeedPlan {
  return JSON.parse(readFileSync(join(seedDir, 'seed.json'), 'utf8')) as SeedPlan;
}

/**
 * First start of the standalone app: the home page images and a demo account's public photos,
 * some featured, each analysed by the real engine and credited to its photographer. Later starts
 * only bring the home page images up to the plan.
 */
export async function seedDemoContent(app: INestApplication, seedDir: string, dataDir: string, logger: Logger, signal?: AbortSignal): Promise<void> {
  const stateFile = join(dataDir, 'demo-content.json');
  const state = readState(stateFile);
  const plan = readSeedPlan(seedDir);
  const photoFile = (file: string) => join(seedDir, 'photos', file);

  const assets = app.get(SiteAssets);
  for (const asset of plan.assets) {
    if (state.assets?.[asset.name] === asset.file && (await assets.exists(asset.name))) continue;
    await assets.put(asset, photoFile(asset.file));
    state.assets = { ...state.assets, [asset.name]: asset.file };
    writeState(stateFile, state);
    logger.info({ asset: asset.name, file: asset.file }, 'home page image added');
  }
  if (state.done) return;

  const accounts = app.get(LocalServiceRegistry).get<AccountsApi>(ACCOUNTS_API);
  if (!accounts) throw new Error('the accounts API is not registered');
  if (!state.accountId) {
    // Nobody signs in as the demo account: its password is random and never shown.
    const { userId } = await accounts.createPendingAccount({ ...plan.account, password: randomBytes(24).toString('base64url') });
    await accounts.activateAccount(userId, 'professional', null);
    state.accountId = userId;
    writeState(stateFile, state);
  }
  const demo: Identity = { userId: state.accountId, email: plan.account.email, firstName: plan.account.firstName, lastName: plan.account.lastName, plan: 'professional', isAdmin: false };

  const upload = app.get(UploadPhoto);
  const actions = app.get(PhotoActions);
  for (const photo of plan.photos) {
    if (signal?.aborted) return;
    if (state.photos.includes(photo.file)) continue;
    const path = photoFile(photo.file);
    const result = await upload.execute({
      file: { path, size: statSync(path).size, originalName: photo.file },
      title: photo.title,
      description: photo.description,
      category: photo.category,
      identity: demo,
      ip: '127.0.0.1',
      credit: photo.credit,
      isPublic: true,
    });
    // A photo the engine holds for review waits for an admin (see the README): it cannot be featured yet.
    if (photo.featured && result.photo.moderation === null) await actions.toggleFeatured(result.photo.id, demo);
    state.photos.push(photo.file);
    writeState(stateFile, state);
    logger.info({ photo: photo.title, rated: Boolean(result.rating), heldForReview: result.photo.moderation === 'review' }, 'demo photo added');
  }
  state.done = true;
  writeState(stateFile, state);
}
