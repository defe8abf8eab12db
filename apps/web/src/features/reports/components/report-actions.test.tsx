// @vitest-environment happy-dom
import type { ReportRights } from '@eduqa/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../../shared/testing/dom.tsx';
import { NO_RIGHTS, reportView } from '../testing/report-fixture.ts';
import { ReportActions } from './report-actions.tsx';

/** Nothing here may reach the server: the dialogs' lists stand in empty. */
vi.mock('../api.ts', () => ({
  reportKeys: { all: ['reports'] },
  useExpertCandidates: () => ({ data: [], isLoading: false }),
  useTemplates: () => ({ data: { records: [] }, isLoading: false }),
  useCovers: () => ({ data: { records: [] }, isLoading: false }),
}));
vi.mock('../../org/index.ts', () => ({
  usePersonSearch: () => ({ options: [] }),
  useDepartments: () => ({ data: { rows: [] }, isLoading: false }),
}));

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
  document.body.innerHTML = '';
});

async function buttonsFor(patch: Parameters<typeof reportView>[0]) {
  const view = await renderWithQueries(
    <MemoryRouter>
      <ReportActions view={reportView(patch)} />
    </MemoryRouter>,
  );
  cleanup = view.unmount;
  return [...view.container.querySelectorAll('button')].map((b) => b.textContent?.trim());
}

const EVERY_RIGHT: ReportRights = Object.fromEntries(
  Object.keys(NO_RIGHTS).map((key) => [key, true]),
) as ReportRights;

describe('the report actions', () => {
  it('shows a shared viewer only 下载Word, whatever the rights say, once a document exists', async () => {
    expect(
      await buttonsFor({ isShared: true, rights: EVERY_RIGHT, generatedAt: '2026-03-02 10:00:00' }),
    ).toEqual(['下载Word']);
    cleanup?.();
    expect(await buttonsFor({ isShared: true, rights: EVERY_RIGHT, generatedAt: null })).toEqual([]);
  });

  it('shows a reader without rights only the Word document', async () => {
    expect(await buttonsFor({ rights: NO_RIGHTS })).toEqual(['生成Word']);
    cleanup?.();
    expect(await buttonsFor({ rights: NO_RIGHTS, generatedAt: '2026-03-02 10:00:00' })).toEqual([
      '生成Word',
      '下载Word',
    ]);
  });

  it("shows the editor of a draft what a draft's rights allow", async () => {
    const rights = { ...NO_RIGHTS, canEdit: true, canSubmit: true, canShare: true, canDelete: true };
    expect(await buttonsFor({ rights })).toEqual([
      '编辑',
      '自我诊断总结',
      '提交评审',
      '分享',
      '生成Word',
      '删除',
    ]);
  });

  it('shows an expert only his review and the reject', async () => {
    const rights = { ...NO_RIGHTS, canExpertReview: true, canReject: true };
    expect(await buttonsFor({ state: 'expertReview', rights })).toEqual(['专家评审', '驳回', '生成Word']);
  });

  it('shows the school reviewer the assignment and the school review', async () => {
    const rights = { ...NO_RIGHTS, canAssignExperts: true, canSchoolReview: true, canReject: true };
    expect(await buttonsFor({ rights })).toEqual(['分配专家', '学校审核', '驳回', '生成Word']);
  });
});
