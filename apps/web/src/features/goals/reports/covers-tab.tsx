import { goalReportsEndpoints as E, REPORT_TEXT_MAX } from '@eduqa/contract';
import { useState } from 'react';
import { PAGE_SIZE } from '../../../shared/ui/paging.tsx';
import { type ReportCover, ReportCovers } from '../../../shared/ui/report-covers.tsx';
import { post, reportKeys, useCovers } from './api.ts';

const LIMITS = {
  title: REPORT_TEXT_MAX.coverTitle,
  subtitle: REPORT_TEXT_MAX.coverSubtitle,
  schoolName: REPORT_TEXT_MAX.schoolName,
};

/** 报告封面 of 目标报告: exactly one is the default, used when a generation names none. */
export function CoversTab({ canManage }: { canManage: boolean }) {
  const [pageNum, setPageNum] = useState(1);
  const covers = useCovers({ pageNum, pageSize: PAGE_SIZE });
  const data = covers.data && {
    total: covers.data.total,
    records: covers.data.records.map(
      ({ createTime, ...c }): ReportCover => ({ ...c, createdAt: createTime }),
    ),
  };
  return (
    <ReportCovers
      page={{
        data,
        isLoading: covers.isLoading,
        error: covers.error,
      }}
      pageNum={pageNum}
      onPageChange={setPageNum}
      canManage={canManage}
      hasCreator
      invalidates={reportKeys.all}
      insert={(cover) => post(E.coverInsert, cover)}
      remove={(id) => post(E.coverDelete, { ids: [id] })}
      setDefault={(id) => post(E.coverDefault, { id })}
      titlePlaceholder="请输入封面标题，如：年度目标任务完成情况报告"
      limits={LIMITS}
    />
  );
}
