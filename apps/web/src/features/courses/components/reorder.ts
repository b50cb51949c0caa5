// Moving one chapter in the list: the ids in their new order, as the reorder call takes them.
export function moveId(ids: number[], from: number, to: number): number[] {
  const next = [...ids];
  const [x] = next.splice(from, 1);
  next.splice(to, 0, x);
  return next;
}
