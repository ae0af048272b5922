/**
 * Row ids: UUIDs of version 7 (RFC 9562), the row's creation time in milliseconds first,
 * then 74 random bits. Ids made close together sort together, so a new row's key lands at
 * the right-hand edge of the indexes on ids (each table's key, the outbox's submission),
 * on pages the last commit wrote already. With random ids (version 4) each row touched a
 * random page of each, and the WAL and its checkpoints rewrote all of those pages: on a
 * store of 60,000 messages that was 2–3 times the CPU per save (decision 0024).
 *
 * Nothing relies on an id being unguessable: every link a visitor holds is signed
 * (server/signed-links.ts). An id does tell when its row was made, as the row does.
 */
import { randomBytesPooled } from "../random-pool.ts";

const MAX_TIME = 2 ** 48 - 1;

/** A version 7 UUID for a row made at `time` (Unix milliseconds). */
export function timeOrderedId(time: number): string {
  if (!Number.isInteger(time) || time < 0 || time > MAX_TIME)
    throw new RangeError(`a row's time must be Unix milliseconds from 1970 to 10889, not ${time}`);
  const bytes = Buffer.allocUnsafe(16);
  bytes.writeUIntBE(time, 0, 6);
  randomBytesPooled(10).copy(bytes, 6);
  bytes[6] = 0x70 | ((bytes[6] ?? 0) & 0x0f); // version 7
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f); // RFC 9562 variant
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
