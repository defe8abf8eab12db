import { DownloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';

/**
 * 导出: runs an export (a download through `saveBlob`) and spins while it does. A refusal has already
 * been toasted by the api client, so the button only has to come back.
 */
export function ExportButton({
  onExport,
  hint = '按当前筛选条件导出全部数据',
}: {
  onExport: () => Promise<unknown>;
  hint?: string;
}) {
  const [isExporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    await onExport().catch(() => undefined);
    setExporting(false);
  };
  return (
    <Tooltip title={hint}>
      <Button icon={<DownloadOutlined />} loading={isExporting} onClick={() => void run()}>
        导出
      </Button>
    </Tooltip>
  );
}
