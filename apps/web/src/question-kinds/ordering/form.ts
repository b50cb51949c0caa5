// The ORDERING kind's part of the question editor: its items in the right order (each with the key the server drew
// for it, sent back as it came), and the scoring.
import type { OrderingScoring } from '@exam/shared';

export interface OrderingItem {
  id?: number;
  /** The item's key (expected_output), drawn by the server; absent for a new item. */
  key?: string;
  text: string;
}
export interface OrderingForm {
  ordering_items: OrderingItem[];
  ordering_scoring: OrderingScoring;
}
