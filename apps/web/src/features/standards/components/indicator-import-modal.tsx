import { INDICATOR_IMPORT } from '@eduqa/contract';
import { ExcelImportModal } from '../../../shared/excel/excel-import-modal.tsx';
import { STANDARDS_FILES, standardsKeys } from '../api.ts';

/** 导入指标体系: categories, indicators and points from the template, all rows or none. */
export function IndicatorImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ExcelImportModal
      open={open}
      onClose={onClose}
      endpoints={INDICATOR_IMPORT}
      texts={{
        title: '导入指标体系',
        noun: '数据',
        success: (answer) =>
          `导入成功！新增分类${answer.categories}个、指标${answer.indicators}个，新增或更新质控点${answer.points}个`,
        template: { text: '下载模板', fileName: STANDARDS_FILES.indicatorTemplate.name },
        hint: '请使用“下载模板”得到的文件；任何一行有误时不导入任何数据。',
      }}
      invalidates={[standardsKeys.all]}
    />
  );
}
