import { SCHOOL_IMPORT } from '@eduqa/contract';
import { ExcelImportModal } from '../../../../shared/excel/excel-import-modal.tsx';
import { SCHOOL_TEMPLATE_NAME, schoolKeys } from '../api.ts';

/** 导入高校名录: a newer national list from Excel, as a job. */
export function SchoolImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ExcelImportModal
      open={open}
      onClose={onClose}
      endpoints={SCHOOL_IMPORT}
      texts={{
        title: '导入高校名录',
        noun: '学校',
        success: (answer) => `导入成功！新增学校${answer.created}所，更新学校${answer.updated}所`,
        template: { text: '下载模板', fileName: SCHOOL_TEMPLATE_NAME },
        hint: '列与教育部《全国高等学校名单》一致；按学校标识码更新已有学校，其余新增；任何一行有误时不导入任何数据。',
      }}
      invalidates={[schoolKeys.all]}
    />
  );
}
