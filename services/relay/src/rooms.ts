// Rooms of the relay (room mode): a name and its members. A call through the relay is two members; a third is
// refused, because media is sealed end to end per pair (a room of three would need per-sender keys, not built).

export const ROOM_CAPACITY = 2;

export class RoomRegistry<Member> {
  readonly #rooms = new Map<string, Member[]>();

  get size(): number {
    return this.#rooms.size;
  }

  /** Adds `member` to the room; returns the members already in it, or null when the room is full. */
  join(name: string, member: Member): Member[] | null {
    const members = this.#rooms.get(name) ?? [];
    if (members.length >= ROOM_CAPACITY) return null;
    const others = [...members];
    members.push(member);
    this.#rooms.set(name, members);
    return others;
  }

  leave(name: string, member: Member): void {
    const members = this.#rooms.get(name);
    if (members === undefined) return;
    const remaining = members.filter((m) => m !== member);
    if (remaining.length === 0) this.#rooms.delete(name);
    else this.#rooms.set(name, remaining);
  }
}
