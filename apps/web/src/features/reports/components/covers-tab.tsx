import { QUALITY_REPORT_TEXT_MAX } from '@eduqa/contract';
import { useState } from 'react';
import { ReportCovers } from '../../../shared/ui/report-covers.tsx';
import { insertCover, removeCover, reportKeys, setDefaultCover, useCovers } from '../api.ts';

const LIMITS = {
  title: QUALITY_REPORT_TEXT_MAX.coverTitle,
  subtitle: QUALITY_REPORT_TEXT_MAX.coverSubtitle,
  schoolName: QUALITY_REPORT_TEXT_MAX.schoolName,
};

/** 报告封面 of 质量报告: exactly one is the default, used when a report names none. */
export function CoversTab({ canManage }: { canManage: boolean }) {
  const [pageNum, setPageNum] = useState(1);
  const covers = useCovers(pageNum);
  return (
    <ReportCovers
      page={covers}
      pageNum={pageNum}
      onPageChange={setPageNum}
      canManage={canManage}
      invalidates={reportKeys.all}
      insert={insertCover}
      remove={removeCover}
      setDefault={setDefaultCover}
      titlePlaceholder="请输入封面标题，如：教学质量诊断与改进报告"
      limits={LIMITS}
    />
  );
}
