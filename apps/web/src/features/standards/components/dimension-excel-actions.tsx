import { DownloadOutlined, ExportOutlined, ImportOutlined } from '@ant-design/icons';
import { DIMENSION_IMPORT } from '@eduqa/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { ExcelImportModal } from '../../../shared/excel/excel-import-modal.tsx';
import { downloadStandardsFile, STANDARDS_FILES, standardsKeys } from '../api.ts';

async function save(file: 'dimensions' | 'dimensionTemplate') {
  try {
    await downloadStandardsFile(file);
  } catch {
    // the client has shown the message
  }
}

/** 维度 Excel: export and template for readers, the import (a job, all or nothing) for managers. */
export function DimensionExcelActions({ canManage }: { canManage: boolean }) {
  const [isImportOpen, setImportOpen] = useState(false);
  return (
    <>
      <Button icon={<ExportOutlined />} onClick={() => void save('dimensions')}>
        导出
      </Button>
      <Button icon={<DownloadOutlined />} onClick={() => void save('dimensionTemplate')}>
        下载模板
      </Button>
      {canManage ? (
        <Button icon={<ImportOutlined />} onClick={() => setImportOpen(true)}>
          导入
        </Button>
      ) : null}
      <ExcelImportModal
        open={isImportOpen}
        onClose={() => setImportOpen(false)}
        endpoints={DIMENSION_IMPORT}
        texts={{
          title: '导入维度',
          noun: '维度',
          success: (answer) => `导入成功！新增维度${answer.created}个，更新维度${answer.updated}个`,
          template: { text: '下载模板', fileName: STANDARDS_FILES.dimensionTemplate.name },
          hint: '请使用“下载模板”得到的文件；同名维度会被更新；任何一行有误时不导入任何数据。',
        }}
        invalidates={[standardsKeys.all]}
      />
    </>
  );
}
