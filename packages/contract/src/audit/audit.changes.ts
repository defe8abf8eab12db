/**
 * 修改前后 as the detail drawer and the Excel export show it (one reading, in the contract for both). The recorder keeps `changes` as a list of the objects a request
 * changed (`{ object, id, name, before, after }`, the fields labelled in Chinese) for the objects that
 * decide a judgement or a permission; a single `{ before, after }` pair reads the same; anything else it may
 * hold (the retention purge's mark) is shown as formatted JSON. Either way the result is plain text for
 * React to escape, never markup.
 */
export interface ChangeRow {
  field: string;
  before: string;
  after: string;
  isChanged: boolean;
}

export interface ObjectChange {
  /** 用户「张三」: what the object is and its name as it was after the change. */
  title: string;
  rows: ChangeRow[];
}

export type ChangesView =
  | { kind: 'none' }
  | { kind: 'table'; rows: ChangeRow[] }
  | { kind: 'objects'; objects: ObjectChange[] }
  | { kind: 'json'; text: string };

/** A field absent on one side (created or deleted). */
export const CHANGE_ABSENT = '—';
/** A field present but empty. */
export const CHANGE_EMPTY = '（空）';
/** The row of a before/after pair whose sides are plain values, not objects of fields. */
export const CHANGE_VALUE_FIELD = '值';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function valueText(value: unknown): string {
  if (value === undefined) return CHANGE_ABSENT;
  if (value === null || value === '') return CHANGE_EMPTY;
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return value.length ? value.join('、') : CHANGE_EMPTY;
  }
  return JSON.stringify(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function pairRows(before: unknown, after: unknown): ChangeRow[] {
  const sides = [before, after];
  const isFields = sides.every((side) => side === null || side === undefined || isRecord(side));
  if (!isFields) {
    return [
      {
        field: CHANGE_VALUE_FIELD,
        before: valueText(before),
        after: valueText(after),
        isChanged: !same(before, after),
      },
    ];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => ({
    field,
    before: valueText(Object.hasOwn(b, field) ? b[field] : undefined),
    after: valueText(Object.hasOwn(a, field) ? a[field] : undefined),
    isChanged: !same(b[field], a[field]),
  }));
}

const isObjectChange = (value: unknown): value is Record<string, unknown> & { object: string } =>
  isRecord(value) && typeof value.object === 'string' && 'before' in value && 'after' in value;

function objectTitle(change: Record<string, unknown> & { object: string }): string {
  const what =
    change.after === null
      ? `${change.object}（已删除）`
      : change.before === null
        ? `${change.object}（新增）`
        : change.object;
  return typeof change.name === 'string' && change.name ? `${what}「${change.name}」` : what;
}

export function changesView(changes: unknown): ChangesView {
  if (changes === null || changes === undefined) return { kind: 'none' };
  if (Array.isArray(changes) && changes.length > 0 && changes.every(isObjectChange)) {
    return {
      kind: 'objects',
      objects: changes.map((change) => ({
        title: objectTitle(change),
        rows: pairRows(change.before, change.after),
      })),
    };
  }
  if (isRecord(changes) && 'before' in changes && 'after' in changes) {
    return { kind: 'table', rows: pairRows(changes.before, changes.after) };
  }
  return { kind: 'json', text: JSON.stringify(changes, null, 2) };
}

/** 涉及对象 in the list: the changed objects by name where the entry kept them, else the ids the request named. */
export function objectsText(entry: { changes: unknown; objectIds: string[] }): string {
  const view = changesView(entry.changes);
  if (view.kind === 'objects') return view.objects.map((object) => object.title).join('，');
  return entry.objectIds.length ? entry.objectIds.join('，') : CHANGE_ABSENT;
}
