import type { TipsKey } from '../domain/rating';

/** Editing tips, derived once per photo, platform and level and cached (removed with the photo). */
export abstract class EditingTipsRepository {
  abstract find(key: TipsKey): Promise<string | undefined>;
  /** Tips are derived deterministically, so a concurrent save of the same key stores the same text (the first stays). */
  abstract save(key: TipsKey, suggestions: string): Promise<void>;
}
