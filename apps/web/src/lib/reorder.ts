// Moving one item of an ordered list (chapters of a course, questions of an exam): the items in their new order.
export function moveId<T>(ids: readonly T[], from: number, to: number): T[] {
  const next = [...ids];
  const [x] = next.splice(from, 1);
  next.splice(to, 0, x);
  return next;
}
