import { describe, expect, it } from 'vitest';
import {
  canDecideDelay,
  decompositionActions,
  nodeEvents,
  nodeWork,
  progressDecisions,
  taskCardActions,
} from './goal-rules.ts';

const creator = {
  isTargetCreator: true,
  state: 'waitResolve',
  auditState: null,
  isWithdrawn: false,
} as const;

describe('taskCardActions', () => {
  it('shows nothing to anyone but the creator', () => {
    expect(taskCardActions({ ...creator, isTargetCreator: false })).toEqual({
      edit: false,
      remove: false,
      withdraw: false,
      republish: false,
    });
  });
  it('lets the creator edit, delete and withdraw a task not yet sent to audit', () => {
    expect(taskCardActions(creator)).toEqual({ edit: true, remove: true, withdraw: true, republish: false });
  });
  it('offers republish instead of withdraw once withdrawn, and no edit when done', () => {
    expect(taskCardActions({ ...creator, isWithdrawn: true }).republish).toBe(true);
    expect(taskCardActions({ ...creator, isWithdrawn: true }).withdraw).toBe(false);
    expect(taskCardActions({ ...creator, auditState: 1 }).withdraw).toBe(false);
    expect(taskCardActions({ ...creator, state: 'done' }).edit).toBe(false);
  });
});

describe('nodeEvents', () => {
  const base = { rights: { canDecompose: true }, auditState: 1 as const, isWithdrawn: false, me: 'head' };
  it('lets the decomposer push only after the decomposition passed audit', () => {
    const node = { state: 'notPushed' as const, principalId: 'p' };
    expect(nodeEvents({ ...base, node })).toEqual(['push']);
    expect(nodeEvents({ ...base, node, auditState: 0 })).toEqual([]);
  });
  it('gives accept and goBack to the node principal alone', () => {
    const node = { state: 'waitAccept' as const, principalId: 'p' };
    expect(nodeEvents({ ...base, node })).toEqual(['withdraw']);
    expect(nodeEvents({ ...base, node, me: 'p', rights: { canDecompose: false } })).toEqual([
      'accept',
      'goBack',
    ]);
  });
  it('lets the decomposer define or return a plan, never finish or delay by hand', () => {
    expect(nodeEvents({ ...base, node: { state: 'waitDefine', principalId: 'p' } })).toEqual([
      'define',
      'redefine',
    ]);
    expect(nodeEvents({ ...base, node: { state: 'executeing', principalId: 'head' } })).toEqual([]);
  });
  it('offers nothing on a withdrawn task', () => {
    expect(
      nodeEvents({ ...base, isWithdrawn: true, node: { state: 'notPushed', principalId: 'p' } }),
    ).toEqual([]);
  });
});

describe('nodeWork', () => {
  const node = { id: 'n1', state: 'executeing' as const, principalId: 'p' };
  const input = {
    node,
    rights: { canDecompose: false },
    isWithdrawn: false,
    progress: [],
    delays: [],
    me: 'p',
  };
  it('lets the node principal report progress and ask for a delay while it executes', () => {
    expect(nodeWork(input)).toEqual({ edit: false, reportProgress: true, requestDelay: true });
  });
  it('blocks a second report while one is open, and a second pending delay', () => {
    const busy = nodeWork({
      ...input,
      progress: [{ nodeId: 'n1', auditState: 'childPass' }],
      delays: [{ nodeId: 'n1', auditState: 0 }],
    });
    expect(busy).toEqual({ edit: false, reportProgress: false, requestDelay: false });
    expect(nodeWork({ ...input, progress: [{ nodeId: 'n1', auditState: 'reject' }] }).reportProgress).toBe(
      true,
    );
  });
  it('lets the decomposer edit a node only before it is accepted', () => {
    const head = { ...input, me: 'head', rights: { canDecompose: true } };
    expect(nodeWork({ ...head, node: { ...node, state: 'notPushed' } }).edit).toBe(true);
    expect(nodeWork({ ...head, node: { ...node, state: 'goBack' } }).edit).toBe(true);
    expect(nodeWork(head).edit).toBe(false);
    expect(nodeWork({ ...input, me: 'someone' })).toEqual({
      edit: false,
      reportProgress: false,
      requestDelay: false,
    });
  });
});

describe('progressDecisions', () => {
  const department = { canDepartAudit: true, canFinalAudit: false };
  const creatorRights = { canDepartAudit: false, canFinalAudit: true };
  it('lets the department pass or reject what it reviews', () => {
    expect(progressDecisions({ auditState: 'reviewing' }, department)).toEqual(['childPass', 'reject']);
    expect(progressDecisions({ auditState: 'childPass' }, department)).toEqual([]);
  });
  it('lets the creator pass or reject at either open stage, nothing once decided', () => {
    expect(progressDecisions({ auditState: 'reviewing' }, creatorRights)).toEqual(['pass', 'reject']);
    expect(progressDecisions({ auditState: 'childPass' }, creatorRights)).toEqual(['pass', 'reject']);
    expect(progressDecisions({ auditState: 'pass' }, creatorRights)).toEqual([]);
    expect(progressDecisions({ auditState: 'reject' }, creatorRights)).toEqual([]);
  });
  it('offers nothing to a reader', () => {
    expect(
      progressDecisions({ auditState: 'reviewing' }, { canDepartAudit: false, canFinalAudit: false }),
    ).toEqual([]);
  });
});

describe('decompositionActions', () => {
  const rights = { canDecompose: true, canAuditDecomposition: false };
  it('submits once there are nodes, again after a failed audit', () => {
    expect(decompositionActions({ auditState: null, nodeCount: 0, isWithdrawn: false, rights })).toEqual([]);
    expect(decompositionActions({ auditState: null, nodeCount: 2, isWithdrawn: false, rights })).toEqual([
      'submit',
    ]);
    expect(decompositionActions({ auditState: 2, nodeCount: 2, isWithdrawn: false, rights })).toEqual([
      'submit',
    ]);
    expect(decompositionActions({ auditState: 0, nodeCount: 2, isWithdrawn: false, rights })).toEqual([]);
  });
  it('lets the creator pass or fail a pending decomposition', () => {
    const auditor = { canDecompose: false, canAuditDecomposition: true };
    expect(
      decompositionActions({ auditState: 0, nodeCount: 2, isWithdrawn: false, rights: auditor }),
    ).toEqual(['pass', 'fail']);
    expect(
      decompositionActions({ auditState: 1, nodeCount: 2, isWithdrawn: false, rights: auditor }),
    ).toEqual([]);
  });
});

describe('canDecideDelay', () => {
  it('is for the creator on a pending request only', () => {
    expect(canDecideDelay({ auditState: 0 }, { canFinalAudit: true })).toBe(true);
    expect(canDecideDelay({ auditState: 1 }, { canFinalAudit: true })).toBe(false);
    expect(canDecideDelay({ auditState: 0 }, { canFinalAudit: false })).toBe(false);
  });
});
