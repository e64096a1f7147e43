/**
 * How long a started payment holds a promo code's use and a physical product's units. A basket whose
 * payment started and was never paid keeps them this long; after that they count for nothing the next
 * time anybody decides (the hold is released by time, no sweeper needed). `SHOP_HOLD_MINUTES` changes
 * it; the Stripe adapter makes its Checkout Session expire with the hold (Stripe's minimum is 30).
 */
export const HOLD_MINUTES = positive(process.env.SHOP_HOLD_MINUTES) ?? 30;

function positive(text: string | undefined): number | null {
  const n = Number(text);
  return text && Number.isFinite(n) && n > 0 ? n : null;
}

/** Whether a hold taken at `heldAt` still holds at `now` (both ISO times). */
export function holdLive(heldAt: string, now: string, minutes = HOLD_MINUTES): boolean {
  return Date.parse(now) - Date.parse(heldAt) < minutes * 60_000;
}

/** When a hold taken at `heldAt` ends. */
export const holdEnds = (heldAt: string, minutes = HOLD_MINUTES): Date =>
  new Date(Date.parse(heldAt) + minutes * 60_000);
