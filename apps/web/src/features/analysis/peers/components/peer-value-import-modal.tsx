import { PEER_VALUE_IMPORT } from '@eduqa/contract';
import { ExcelImportModal } from '../../../../shared/excel/excel-import-modal.tsx';
import { peerKeys } from '../api.ts';

const TEMPLATE_NAME = '年报数据导入模板.xlsx';

/** 导入年报数据: the peers' values from the Excel template, as a job. */
export function PeerValueImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ExcelImportModal
      open={open}
      onClose={onClose}
      endpoints={PEER_VALUE_IMPORT}
      texts={{
        title: '导入年报数据',
        noun: '指标值',
        success: (answer) => `导入成功！写入${answer.schools}所学校的${answer.values}个指标值`,
        template: { text: '下载模板', fileName: TEMPLATE_NAME },
        hint: '每行一所学校一个年份：学校标识码（或学校名称）、年份，其后每列一个指标（列名与模板一致）；留空的单元格不改变已有的值；任何一处有误时不导入任何数据。',
      }}
      invalidates={[peerKeys.all]}
    />
  );
}
