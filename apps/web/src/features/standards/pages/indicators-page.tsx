import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  ExportOutlined,
  ImportOutlined,
  MoreOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import {
  DATA_TYPE_LABELS,
  DIRECTION_LABELS,
  standardsEndpoints as E,
  formatValue,
  INDICATOR_IMPORT,
  type IndicatorCategory,
  type IndicatorNode,
  OBJECT_LEVEL_LABELS,
  OBJECT_LEVELS,
  type ObjectLevel,
  type QualityPoint,
  WARNING_MODE_LABELS,
} from '@eduqa/contract';
import {
  Badge,
  Button,
  Card,
  Col,
  Dropdown,
  Empty,
  List,
  type MenuProps,
  Row,
  Select,
  Space,
  Spin,
  type TableColumnsType,
  Tag,
  Tooltip,
  Tree,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { call, download } from '../../../shared/api/client.ts';
import { saveBlob } from '../../../shared/api/save-blob.ts';
import { ExcelImportModal } from '../../../shared/excel/excel-import-modal.tsx';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { notify, showDialog } from '../../../shared/ui/feedback.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { PAGE_SIZE } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import {
  standardsKeys,
  useCanManage,
  useCategories,
  useIndicatorTree,
  usePoints,
  useRefreshStandards,
} from '../api.ts';
import { CategoryFormModal } from '../components/category-form-modal.tsx';
import { CategoryIcon } from '../components/category-icon.tsx';
import { type IndicatorDialogTarget, IndicatorNameModal } from '../components/indicator-name-modal.tsx';
import { PointFormDrawer } from '../components/point-form-drawer.tsx';
import { allIds, indexTree, isLeaf, nodeActions, pathText } from '../indicator-tree.ts';
import { describeCalRule } from '../point-form.ts';

interface PointFilters {
  keyword?: string | undefined;
  level?: ObjectLevel | undefined;
}

/** 指标体系: categories and the indicator tree on the left, the selected indicator's points on the right. */
export default function IndicatorsPage() {
  const canManage = useCanManage();
  const refresh = useRefreshStandards();
  const categories = useCategories();
  const [pickedCategoryId, setCategoryId] = useState<string>();
  const category: IndicatorCategory | undefined =
    categories.data?.find((c) => c.id === pickedCategoryId) ?? categories.data?.[0];
  const tree = useIndicatorTree(category?.id);
  const places = useMemo(() => indexTree(tree.data ?? []), [tree.data]);
  const [indicatorId, setIndicatorId] = useState<string>();
  const selected = indicatorId ? places.get(indicatorId) : undefined;
  const [filters, setFilters] = useState<PointFilters>({});
  const [pageNum, setPageNum] = useState(1);
  const points = usePoints(
    {
      ...filters,
      categoryId: category?.id,
      ...(selected ? { indicatorId: selected.node.id } : {}),
      pageNum,
      pageSize: PAGE_SIZE,
    },
    Boolean(category),
  );

  const categoryDialog = useDialog<IndicatorCategory>();
  const indicatorDialog = useDialog<IndicatorDialogTarget>();
  const pointDialog = useDialog<QualityPoint>();
  const [isImportOpen, setImportOpen] = useState(false);
  const [isReadOnlyPoint, setReadOnlyPoint] = useState(false);

  const pickCategory = (id: string) => {
    setCategoryId(id);
    setIndicatorId(undefined);
    setPageNum(1);
  };
  const pickIndicator = (id: string | undefined) => {
    setIndicatorId(id);
    setPageNum(1);
  };

  const deleteCategory = async (c: IndicatorCategory) => {
    try {
      await call(E.categoryDelete, { params: { id: c.id } });
    } catch {
      return;
    }
    notify.success(`已删除指标分类「${c.name}」`);
    if (c.id === category?.id) pickCategory('');
    await refresh();
  };

  const moveIndicator = async (node: IndicatorNode, direction: 'up' | 'down') => {
    try {
      await call(E.indicatorMove, { params: { id: node.id }, body: { direction }, json: true });
    } catch {
      return;
    }
    await refresh();
  };

  const confirmDeleteIndicator = (node: IndicatorNode) =>
    showDialog('confirm', {
      title: `确定删除指标「${node.name}」吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await call(E.indicatorDelete, { params: { id: node.id } });
        } catch {
          return;
        }
        notify.success(`已删除指标「${node.name}」`);
        if (node.id === indicatorId) pickIndicator(undefined);
        await refresh();
      },
    });

  const deletePoint = async (point: QualityPoint) => {
    try {
      await call(E.qualityDelete, { body: { ids: [point.id] }, json: true });
    } catch {
      return;
    }
    notify.success(`已删除质控点「${point.name}」`);
    await refresh();
  };

  const save = async (path: string, name: string) => {
    try {
      saveBlob(await download(path), name);
    } catch {
      // the client has shown the message
    }
  };

  const nodeMenu = (node: IndicatorNode): MenuProps['items'] => {
    const place = places.get(node.id);
    if (!place || !category) return [];
    const actions = nodeActions(place);
    return [
      {
        key: 'child',
        icon: <PlusOutlined />,
        label: <Tooltip title={actions.addChildBlocked}>新增下级指标</Tooltip>,
        disabled: Boolean(actions.addChildBlocked),
        onClick: () => indicatorDialog.show({ kind: 'add', categoryId: category.id, parent: node }),
      },
      {
        key: 'rename',
        icon: <EditOutlined />,
        label: '编辑',
        onClick: () =>
          indicatorDialog.show({
            kind: 'rename',
            id: node.id,
            name: node.name,
            code: node.code,
            weight: node.weight,
          }),
      },
      {
        key: 'up',
        icon: <ArrowUpOutlined />,
        label: '上移',
        disabled: !actions.canMoveUp,
        onClick: () => void moveIndicator(node, 'up'),
      },
      {
        key: 'down',
        icon: <ArrowDownOutlined />,
        label: '下移',
        disabled: !actions.canMoveDown,
        onClick: () => void moveIndicator(node, 'down'),
      },
      { type: 'divider' },
      {
        key: 'delete',
        icon: <DeleteOutlined />,
        danger: true,
        label: <Tooltip title={actions.deleteBlocked}>删除</Tooltip>,
        disabled: Boolean(actions.deleteBlocked),
        onClick: () => confirmDeleteIndicator(node),
      },
    ];
  };

  type TreeItem = { key: string; title: string; node: IndicatorNode; children: TreeItem[] };
  const treeData = useMemo(() => {
    const toItem = (node: IndicatorNode): TreeItem => ({
      key: node.id,
      title: node.name,
      node,
      children: node.children.map(toItem),
    });
    return (tree.data ?? []).map(toItem);
  }, [tree.data]);

  const leaf = selected && isLeaf(selected.node) ? selected.node : null;
  const addPointBlocked = !category
    ? '请先新增指标分类'
    : !selected
      ? '请先在左侧选择末级指标'
      : (nodeActions(selected).addPointBlocked ?? undefined);

  const columns: TableColumnsType<QualityPoint> = [
    {
      title: '质控点名称',
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, point) => (
        <div style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
          <Typography.Link
            ellipsis
            onClick={() => {
              setReadOnlyPoint(!canManage);
              pointDialog.show(point);
            }}
          >
            {name}
          </Typography.Link>
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
            {pathText(point.indicatorPath)}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: '数据类型',
      dataIndex: 'dataType',
      width: 80,
      render: (v: QualityPoint['dataType']) => DATA_TYPE_LABELS[v],
    },
    {
      title: '标准值',
      dataIndex: 'standardValue',
      width: 80,
      render: (v: string | null, point) => (v ? formatValue(point.dataType, v) : '-'),
    },
    {
      title: '期望方向',
      dataIndex: 'direction',
      width: 90,
      render: (v: QualityPoint['direction']) => DIRECTION_LABELS[v],
    },
    {
      title: '计算规则',
      key: 'calRule',
      width: 160,
      ellipsis: true,
      render: (_, point) =>
        point.calcMode === 'level'
          ? '按等级'
          : describeCalRule(point.calRule, point.direction, point.dataType),
    },
    {
      title: '预警',
      key: 'warning',
      width: 140,
      render: (_, point) =>
        point.warningMode ? (
          <Tag color="orange">
            {WARNING_MODE_LABELS[point.warningMode]} {point.warningCondition ?? ''} {point.warningValue}
          </Tag>
        ) : (
          '-'
        ),
    },
    ...(canManage
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 110,
            render: (_: unknown, point: QualityPoint) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    setReadOnlyPoint(false);
                    pointDialog.show(point);
                  }}
                >
                  编辑
                </Button>
                <ConfirmLink
                  title={`确定删除质控点「${point.name}」吗？`}
                  description="已分配给诊断对象任务的质控点不能删除。"
                  okText="删除"
                  isDanger
                  onConfirm={() => deletePoint(point)}
                >
                  删除
                </ConfirmLink>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Row gutter={16} wrap={false} style={{ alignItems: 'flex-start' }}>
      <Col flex="300px" style={{ minWidth: 0 }}>
        <Card
          title="指标分类"
          size="small"
          variant="borderless"
          extra={
            canManage ? (
              <Button
                size="small"
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => categoryDialog.show()}
              >
                新增
              </Button>
            ) : null
          }
        >
          <List<IndicatorCategory>
            style={{ maxHeight: '40vh', overflowY: 'auto' }}
            loading={categories.isLoading}
            dataSource={categories.data ?? []}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无指标分类" /> }}
            renderItem={(c) => (
              <List.Item
                style={{
                  paddingInline: 8,
                  borderRadius: 6,
                  background: c.id === category?.id ? 'rgba(22,119,255,0.08)' : undefined,
                }}
                actions={
                  canManage
                    ? [
                        <Button
                          key="edit"
                          type="link"
                          size="small"
                          aria-label={`编辑${c.name}`}
                          icon={<EditOutlined />}
                          onClick={() => categoryDialog.show(c)}
                        />,
                        <ConfirmLink
                          key="delete"
                          title={`确定删除指标分类「${c.name}」吗？`}
                          okText="删除"
                          isDanger
                          disabledReason={c.indicatorCount > 0 ? '该分类下仍有指标，不能删除' : undefined}
                          onConfirm={() => deleteCategory(c)}
                        >
                          <DeleteOutlined />
                        </ConfirmLink>,
                      ]
                    : []
                }
              >
                <Button
                  type="text"
                  block
                  style={{ justifyContent: 'flex-start', paddingInline: 0 }}
                  onClick={() => pickCategory(c.id)}
                >
                  <Space>
                    <CategoryIcon icon={c.icon} />
                    <span>{c.name}</span>
                    <Tag>{OBJECT_LEVEL_LABELS[c.level]}</Tag>
                  </Space>
                </Button>
              </List.Item>
            )}
          />
        </Card>
        <Card
          title={category ? `「${category.name}」指标树` : '指标树'}
          size="small"
          variant="borderless"
          style={{ marginTop: 16 }}
          extra={
            canManage && category ? (
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() => indicatorDialog.show({ kind: 'add', categoryId: category.id, parent: null })}
              >
                一级指标
              </Button>
            ) : null
          }
        >
          {tree.isLoading ? (
            <Spin />
          ) : treeData.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无指标" />
          ) : (
            <Tree<TreeItem>
              key={category?.id}
              blockNode
              defaultExpandedKeys={allIds(tree.data ?? [])}
              selectedKeys={indicatorId ? [indicatorId] : []}
              treeData={treeData}
              onSelect={(keys) => pickIndicator(keys[0] ? String(keys[0]) : undefined)}
              titleRender={(item) => (
                <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                  <span>
                    <span>{item.node.name}</span>
                    {item.node.weight !== null ? (
                      <Tag bordered={false} color="blue" style={{ marginInlineStart: 6 }}>
                        权重 {item.node.weight}
                      </Tag>
                    ) : null}
                    {item.node.pointCount > 0 ? (
                      <Badge
                        count={item.node.pointCount}
                        size="small"
                        color="#1677ff"
                        style={{ marginLeft: 6 }}
                      />
                    ) : null}
                  </span>
                  {canManage ? (
                    <Dropdown menu={{ items: nodeMenu(item.node) }} trigger={['click']}>
                      <Button
                        type="text"
                        size="small"
                        aria-label={`${item.node.name}的操作`}
                        icon={<MoreOutlined />}
                        onClick={(event) => event.stopPropagation()}
                      />
                    </Dropdown>
                  ) : null}
                </Space>
              )}
            />
          )}
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Card
          variant="borderless"
          title={selected ? pathText(selected.path) : category ? `「${category.name}」全部质控点` : '质控点'}
          extra={
            <Space wrap>
              {canManage ? (
                <Tooltip title={addPointBlocked}>
                  <Button
                    type="primary"
                    icon={<PlusOutlined />}
                    disabled={Boolean(addPointBlocked)}
                    onClick={() => {
                      setReadOnlyPoint(false);
                      pointDialog.show();
                    }}
                  >
                    新增质控点
                  </Button>
                </Tooltip>
              ) : null}
              <Button
                icon={<ExportOutlined />}
                onClick={() => void save(E.qualityDownload.path, '指标体系.xlsx')}
              >
                导出
              </Button>
              <Button
                icon={<DownloadOutlined />}
                onClick={() => void save(E.qualityTemplate.path, '指标体系导入模板.xlsx')}
              >
                下载模板
              </Button>
              {canManage ? (
                <Button icon={<ImportOutlined />} onClick={() => setImportOpen(true)}>
                  导入
                </Button>
              ) : null}
            </Space>
          }
        >
          <PagedTable<QualityPoint>
            search={{
              placeholder: '请输入质控点名称',
              onSearch: (keyword) => {
                setFilters((f) => ({ ...f, keyword: keyword || undefined }));
                setPageNum(1);
              },
            }}
            filters={
              <Select<ObjectLevel>
                placeholder="全部层级"
                allowClear
                style={{ width: 140 }}
                options={OBJECT_LEVELS.map((value) => ({ value, label: OBJECT_LEVEL_LABELS[value] }))}
                value={filters.level}
                onChange={(level?: ObjectLevel) => {
                  setFilters((f) => ({ ...f, level }));
                  setPageNum(1);
                }}
              />
            }
            rowKey="id"
            columns={columns}
            rows={category ? (points.data?.records ?? []) : []}
            isLoading={points.isFetching}
            serverPage={{ current: pageNum, total: points.data?.total ?? 0, onChange: setPageNum }}
          />
        </Card>
      </Col>
      <CategoryFormModal
        open={categoryDialog.open}
        category={categoryDialog.target}
        onClose={categoryDialog.hide}
        onSaved={(saved) => pickCategory(saved.id)}
      />
      <IndicatorNameModal
        open={indicatorDialog.open}
        target={indicatorDialog.target}
        onClose={indicatorDialog.hide}
      />
      <PointFormDrawer
        open={pointDialog.open}
        point={pointDialog.target}
        indicator={leaf ? { id: leaf.id, name: leaf.name } : null}
        level={category?.level ?? 'school'}
        readOnly={isReadOnlyPoint}
        onClose={pointDialog.hide}
      />
      <ExcelImportModal
        open={isImportOpen}
        onClose={() => setImportOpen(false)}
        endpoints={INDICATOR_IMPORT}
        texts={{
          title: '导入指标体系',
          noun: '数据',
          success: (answer) =>
            `导入成功！新增分类${answer.categories}个、指标${answer.indicators}个，新增或更新质控点${answer.points}个`,
          template: { text: '下载模板', fileName: '指标体系导入模板.xlsx' },
          hint: '请使用“下载模板”得到的文件；任何一行有误时不导入任何数据。',
        }}
        invalidates={[standardsKeys.all]}
      />
    </Row>
  );
}
