import { DownloadOutlined, ExportOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { downloadStandardsFile } from '../api.ts';

interface PointToolbarProps {
  canManage: boolean;
  /** Why no point can be added here (no category, no leaf picked), or undefined when one can. */
  addBlocked: string | undefined;
  onAdd: () => void;
  onImport: () => void;
}

const save = async (file: 'indicators' | 'indicatorTemplate') => {
  try {
    await downloadStandardsFile(file);
  } catch {
    // the client has shown the message
  }
};

/** 新增质控点, 导出, 下载模板 and 导入 above the point list; writing needs `standards.manage`. */
export function PointToolbar({ canManage, addBlocked, onAdd, onImport }: PointToolbarProps) {
  return (
    <Space wrap>
      {canManage ? (
        <Tooltip title={addBlocked}>
          <Button type="primary" icon={<PlusOutlined />} disabled={Boolean(addBlocked)} onClick={onAdd}>
            新增质控点
          </Button>
        </Tooltip>
      ) : null}
      <Button icon={<ExportOutlined />} onClick={() => void save('indicators')}>
        导出
      </Button>
      <Button icon={<DownloadOutlined />} onClick={() => void save('indicatorTemplate')}>
        下载模板
      </Button>
      {canManage ? (
        <Button icon={<ImportOutlined />} onClick={onImport}>
          导入
        </Button>
      ) : null}
    </Space>
  );
}
