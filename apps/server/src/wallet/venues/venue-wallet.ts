/**
 * The contract every game venue's wallet meets. Money leaving our ledger for a venue sits in the member's in-transit
 * account until the venue confirms; a timeout leaves it pending; reconciliation asks the venue about every pending
 * transfer and settles it on exactly one side. See ../README.md.
 */
export type VenueOutcome = 'confirmed' | 'failed' | 'unknown';

export interface VenueWallet {
  /** Numeric id used by walletlist?show= and the game catalogue. */
  readonly id: number;
  readonly code: string;
  readonly name: string;
  /** The in-house venue keeps its wallet in our own ledger; external venues keep theirs on their side. */
  readonly inHouse: boolean;
  maintenance(): boolean;
  /** External only: credit the member at the venue. `reference` is unique per transfer and safe to repeat. */
  deposit(memberId: bigint, amount: bigint, reference: string): Promise<VenueOutcome>;
  /** External only: debit the member at the venue. */
  withdraw(memberId: bigint, amount: bigint, reference: string): Promise<VenueOutcome>;
  /** External only: what happened to a transfer we are unsure about. */
  status(reference: string): Promise<VenueOutcome>;
  /** External only: the member's balance at the venue. */
  balance(memberId: bigint): Promise<bigint>;
}

/** Our own venue (sports book and house games): its wallet is the member's `venue:house` ledger account. */
export const houseVenue: VenueWallet = {
  id: 1,
  code: 'house',
  name: '金币娱乐',
  inHouse: true,
  maintenance: () => false,
  deposit: async () => 'confirmed',
  withdraw: async () => 'confirmed',
  status: async () => 'confirmed',
  balance: async () => 0n,
};

type Behaviour = 'confirm' | 'fail' | 'timeout' | 'lose-reply';

/**
 * A stand-in external vendor for tests and demos: keeps balances in memory and can be told to confirm, fail, time
 * out before acting, or act and then lose the reply (the case reconciliation exists for).
 */
export class SimulatedVenue implements VenueWallet {
  readonly inHouse = false;
  behaviour: Behaviour = 'confirm';
  private readonly balances = new Map<string, bigint>();
  private readonly applied = new Map<string, 'confirmed' | 'failed'>();

  constructor(
    readonly id: number,
    readonly code: string,
    readonly name: string,
  ) {}

  maintenance(): boolean {
    return false;
  }

  private async act(memberId: bigint, delta: bigint, reference: string): Promise<VenueOutcome> {
    const done = this.applied.get(reference);
    if (done) return done;
    if (this.behaviour === 'timeout') return 'unknown';
    if (this.behaviour === 'fail') {
      this.applied.set(reference, 'failed');
      return 'failed';
    }
    const key = memberId.toString();
    const next = (this.balances.get(key) ?? 0n) + delta;
    if (next < 0n) {
      this.applied.set(reference, 'failed');
      return 'failed';
    }
    this.balances.set(key, next);
    this.applied.set(reference, 'confirmed');
    return this.behaviour === 'lose-reply' ? 'unknown' : 'confirmed';
  }

  deposit(memberId: bigint, amount: bigint, reference: string) {
    return this.act(memberId, amount, reference);
  }

  withdraw(memberId: bigint, amount: bigint, reference: string) {
    return this.act(memberId, -amount, reference);
  }

  async status(reference: string): Promise<VenueOutcome> {
    // A venue that never saw the transfer says so: it failed, nothing moved there.
    return this.applied.get(reference) ?? 'failed';
  }

  async balance(memberId: bigint): Promise<bigint> {
    return this.balances.get(memberId.toString()) ?? 0n;
  }
}
