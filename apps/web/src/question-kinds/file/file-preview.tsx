// A file handed in as an answer, drawn for whoever may read it (its owner, staff): an image as it is, a PDF page by
// page (each page rendered by the server as an image: no PDF reader needed, and each page has its text alternative),
// with the annotations of the graders drawn over it (a numbered point or a box; the list of their comments is beside,
// so nothing is only visual). Files are fetched with the session's token (the API needs it), as blobs. A grader may
// also place an annotation with the pointer (a click: a point; a drag: a box): it only fills the annotation form,
// which stays the way to do it by keyboard.
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AnswerFile, FileAnnotation } from '@exam/shared';
import { api, fetchBlob, saveBlob } from '@/lib/api-client';
import { fileTexts as t } from './texts';

/** The file's description (name, type, pages), read by its owner or staff. */
export function useAnswerFileInfo(id: number, known?: AnswerFile) {
  return useQuery({ queryKey: ['answer-file', id], queryFn: () => api.get<AnswerFile>(`/answer-files/${id}/info`, undefined, { silent: true }), enabled: !known, initialData: known, staleTime: Infinity, retry: false });
}

/** An object URL for a file (or a page of it) the API serves, revoked when no longer drawn. */
function useBlobUrl(path: string | null): { url: string | null; failed: boolean } {
  const q = useQuery({ queryKey: ['answer-file-blob', path], queryFn: () => fetchBlob(path!, { silent: true }), enabled: path !== null, staleTime: Infinity, retry: false });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!q.data) return;
    const u = URL.createObjectURL(q.data);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [q.data]);
  return { url, failed: q.isError };
}

/** A place on a page chosen for an annotation: a point (x, y) or a box (its top-left corner and size), in % of the
 *  page's width and height. */
export interface PagePlace {
  file_id: number;
  page: number;
  shape: 'POINT' | 'BOX';
  x: number;
  y: number;
  width: number | null;
  height: number | null;
}

/** Placing with the pointer: where it is chosen, and the place the form holds now (drawn dashed). */
export interface PagePicking {
  onPlace: (place: PagePlace) => void;
  pending: PagePlace | null;
}

const clamp = (v: number) => Math.round(Math.min(100, Math.max(0, v)) * 10) / 10;
/** Under this many % in both directions, a drag is a click: a point. */
const CLICK_SLOP = 1.5;

/** A click places a point, a drag a box: the positions in % of the page, from its top-left corner. */
function usePlacing(file: AnswerFile, page: number, picking: PagePicking | undefined) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const [drag, setDrag] = useState<PagePlace | null>(null);
  const at = (e: PointerEvent<HTMLElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: clamp(((e.clientX - r.left) / r.width) * 100), y: clamp(((e.clientY - r.top) / r.height) * 100) };
  };
  const placeOf = (a: { x: number; y: number }, b: { x: number; y: number }): PagePlace =>
    Math.abs(b.x - a.x) < CLICK_SLOP && Math.abs(b.y - a.y) < CLICK_SLOP
      ? { file_id: file.id, page, shape: 'POINT', x: a.x, y: a.y, width: null, height: null }
      : { file_id: file.id, page, shape: 'BOX', x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.max(1, clamp(Math.abs(b.x - a.x))), height: Math.max(1, clamp(Math.abs(b.y - a.y))) };
  if (!picking) return { handlers: {}, drag: null };
  return {
    drag,
    handlers: {
      onPointerDown: (e: PointerEvent<HTMLElement>) => {
        if (e.button !== 0) return;
        e.preventDefault();
        e.currentTarget.setPointerCapture(e.pointerId);
        start.current = at(e);
        setDrag(null);
      },
      onPointerMove: (e: PointerEvent<HTMLElement>) => {
        if (start.current) setDrag(placeOf(start.current, at(e)));
      },
      onPointerUp: (e: PointerEvent<HTMLElement>) => {
        if (!start.current) return;
        const place = placeOf(start.current, at(e));
        start.current = null;
        setDrag(null);
        picking.onPlace(place);
      },
      onPointerCancel: () => {
        start.current = null;
        setDrag(null);
      },
    },
  };
}

/** The place being chosen, dashed: not an annotation yet. */
function PendingPlace({ place }: { place: PagePlace }) {
  const style = { border: '2px dashed #1c7ed6', pointerEvents: 'none' as const };
  return place.shape === 'BOX' ? (
    <Box aria-hidden="true" pos="absolute" style={{ ...style, left: `${place.x}%`, top: `${place.y}%`, width: `${place.width ?? 0}%`, height: `${place.height ?? 0}%` }} data-testid="pending-place" />
  ) : (
    <Box aria-hidden="true" pos="absolute" style={{ ...style, left: `${place.x}%`, top: `${place.y}%`, width: 16, height: 16, borderRadius: 8, transform: 'translate(-50%, -50%)' }} data-testid="pending-place" />
  );
}

/** One page (an image, or a PDF's page rendered) with the annotations on it. */
function AnnotatedPage({ file, page, notes, numberOf, picking }: { file: AnswerFile; page: number; notes: FileAnnotation[]; numberOf: (n: FileAnnotation) => number; picking?: PagePicking }) {
  const pdf = file.mime === 'application/pdf';
  const { url, failed } = useBlobUrl(pdf ? `/answer-files/${file.id}/pages/${page}` : `/answer-files/${file.id}`);
  const here = notes.filter((n) => n.file_id === file.id && n.page === page);
  const { handlers, drag } = usePlacing(file, page, picking);
  const pending = drag ?? (picking?.pending && picking.pending.file_id === file.id && picking.pending.page === page ? picking.pending : null);
  if (failed) return <Text size="sm">{t.unavailable}</Text>;
  return (
    <Box
      pos="relative"
      style={{ display: 'inline-block', alignSelf: 'flex-start', maxWidth: '100%', lineHeight: 0, border: '1px solid var(--mantine-color-gray-4)', ...(picking ? { cursor: 'crosshair', touchAction: 'pinch-zoom' } : {}) }}
      data-testid="answer-file-page"
      {...handlers}
    >
      {url ? <img src={url} alt={pdf ? t.pageAlt(file.name, page, file.pages) : t.imageAlt(file.name)} draggable={false} style={{ maxWidth: '100%', height: 'auto', display: 'block' }} /> : <Box w={240} h={160} />}
      {pending ? <PendingPlace place={pending} /> : null}
      {here.map((n) =>
        n.shape === 'BOX' ? (
          <Box
            key={n.id}
            aria-hidden="true"
            pos="absolute"
            style={{ left: `${n.x}%`, top: `${n.y}%`, width: `${n.width ?? 0}%`, height: `${n.height ?? 0}%`, border: '3px solid #c92a2a', lineHeight: 1 }}
          >
            <Marker n={numberOf(n)} />
          </Box>
        ) : (
          <Box key={n.id} aria-hidden="true" pos="absolute" style={{ left: `${n.x}%`, top: `${n.y}%`, transform: 'translate(-50%, -50%)', lineHeight: 1 }}>
            <Marker n={numberOf(n)} />
          </Box>
        ),
      )}
    </Box>
  );
}

function Marker({ n }: { n: number }) {
  return (
    <span style={{ display: 'inline-block', minWidth: 22, padding: '2px 5px', borderRadius: 11, background: '#c92a2a', color: '#fff', fontSize: 13, fontWeight: 700, textAlign: 'center' }}>{n}</span>
  );
}

/** A file in full: its name (a link that saves it), each page with its annotations; with `picking`, a grader places
 *  an annotation on a page with the pointer. */
export function AnswerFileView({
  id,
  index,
  known,
  notes = [],
  numberOf = (n) => notes.indexOf(n) + 1,
  picking,
}: {
  id: number;
  index: number;
  known?: AnswerFile;
  notes?: FileAnnotation[];
  numberOf?: (n: FileAnnotation) => number;
  picking?: PagePicking;
}) {
  const info = useAnswerFileInfo(id, known);
  const file = info.data;
  if (info.isError) return <Text size="sm">{t.unavailable}</Text>;
  if (!file) return null;
  const save = async () => saveBlob(await fetchBlob(`/answer-files/${file.id}`), file.name);
  return (
    <Stack gap={6} data-testid="answer-file">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {t.fileLabel(index, file.name)}
        </Text>
        <Text size="xs" c="dimmed">
          {file.mime === 'application/pdf' ? `PDF, ${t.pages(file.pages)}` : file.mime.replace('image/', 'image ')}
        </Text>
        <Anchor component="button" type="button" size="sm" onClick={() => void save()} aria-label={t.openLabel(file.name)}>
          {t.open}
        </Anchor>
      </Group>
      {Array.from({ length: file.pages }, (_, i) => (
        <AnnotatedPage key={i} file={file} page={i + 1} notes={notes} numberOf={numberOf} picking={picking} />
      ))}
    </Stack>
  );
}

/** The annotations as text, numbered as on the pages. */
export function AnnotationList({ notes, heading = t.annotationsTitle }: { notes: FileAnnotation[]; heading?: string }) {
  if (notes.length === 0) return null;
  return (
    <Stack gap={4} data-testid="file-annotations">
      <Text size="sm" fw={600}>
        {heading}
      </Text>
      <ol style={{ margin: 0, paddingInlineStart: 22 }}>
        {notes.map((n) => (
          <li key={n.id}>
            <Text size="sm" span>
              {n.comment}
            </Text>{' '}
            <Text size="xs" c="dimmed" span>
              ({t.annotationWhere(n.file_name, n.page, n.shape, n.x, n.y)})
            </Text>
          </li>
        ))}
      </ol>
    </Stack>
  );
}
