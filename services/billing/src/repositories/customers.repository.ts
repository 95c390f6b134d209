/** Which payment-provider customer stands for each user, one per provider (port; adapters in `postgres/` and `mongo/`). */
export abstract class CustomersRepository {
  abstract find(userId: string, provider: string): Promise<string | undefined>;

  /** Keeps the first customer recorded for the user; returns the one that is kept. */
  abstract save(userId: string, provider: string, providerCustomerId: string): Promise<string>;
}
