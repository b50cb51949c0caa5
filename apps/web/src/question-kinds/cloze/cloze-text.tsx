// A cloze's text drawn as the statement is (formulas, code, images), with something of the caller's in place of each
// gap marker {n}: the markers become empty spans, and each gets its React content through a portal, so that the
// inputs sit inside the sentence, in the text's reading and tab order.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Typography } from '@mantine/core';
import { enhance } from '@/components/rich-text/rich-content';

interface Slot {
  n: number;
  el: HTMLElement;
}

const MARKER = /(\{\d{1,3}\})/;

/** Replaces the markers of `root`'s text (outside code and formulas) by empty spans, and lists them in order. */
function placeSlots(root: HTMLElement): Slot[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  while (walker.nextNode()) nodes.push(walker.currentNode as Text);
  const slots: Slot[] = [];
  for (const node of nodes) {
    if (!MARKER.test(node.data) || node.parentElement?.closest('pre, code, [data-type^="math"]')) continue;
    const frag = document.createDocumentFragment();
    for (const part of node.data.split(MARKER)) {
      const m = /^\{(\d{1,3})\}$/.exec(part);
      if (!m) {
        if (part) frag.append(part);
        continue;
      }
      const span = document.createElement('span');
      span.className = 'cloze-gap';
      span.dataset.gap = m[1];
      frag.append(span);
      slots.push({ n: Number(m[1]), el: span });
    }
    node.replaceWith(frag);
  }
  return slots;
}

export function ClozeText({ html, renderGap, testId }: { html: string; renderGap: (n: number) => ReactNode; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [slots, setSlots] = useState<Slot[]>([]);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.innerHTML = html;
    const found = placeSlots(el);
    enhance(el);
    setSlots(found);
  }, [html]);
  return (
    <Typography>
      <div ref={ref} className="course-content" data-testid={testId} style={{ lineHeight: 2.1 }} />
      {slots.map((s, i) => createPortal(renderGap(s.n), s.el, `${s.n}-${i}`))}
    </Typography>
  );
}
