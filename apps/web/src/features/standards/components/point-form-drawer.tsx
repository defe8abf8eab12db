import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CALC_MODE_LABELS,
  COLLECTION_METHOD_LABELS,
  DATA_TYPE_LABELS,
  DIMENSION_LABELS,
  DIRECTION_LABELS,
  DISPLAY_MODE_LABELS,
  GRADE_LABELS,
  gradesFor,
  type ObjectLevel,
  PERIOD_LABELS,
  POINT_FLAG_LABELS,
  POINT_FLAGS,
  type PointConfigField,
  type QualityPoint,
  SAMPLING_PERIOD_LABELS,
  TEXT_LIMITS,
  WARNING_CONDITIONS,
  WARNING_GRADES,
  WARNING_MODE_LABELS,
} from '@eduqa/contract';
import {
  Button,
  Checkbox,
  Col,
  Divider,
  Drawer,
  Form,
  type FormRule,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import { useState } from 'react';
import { notify } from '../../../shared/ui/feedback.tsx';
import { savePoint, useRefreshStandards } from '../api.ts';
import {
  type PointFormValues,
  pointBodyOf,
  pointFormProblems,
  pointFormValuesOf,
  valueChoices,
} from '../point-form.ts';
import { TargetBandPanel } from './target-band-panel.tsx';

const optionsOf = <T extends string>(labels: Record<T, string>) =>
  (Object.entries(labels) as Array<[T, string]>).map(([value, label]) => ({ value, label }));

/** The server's cross-field rule for one field, run in the browser on the whole form. */
function configRule(field: PointConfigField): FormRule {
  return (form) => ({
    validator: () => {
      const message = pointFormProblems(form.getFieldsValue(true) as PointFormValues)[field];
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  });
}

/** Fields whose change re-checks the cross-field rules. */
const CONFIG_DEPENDENCIES = [
  'dataType',
  'calcMode',
  'direction',
  'warningMode',
  'warningCondition',
  'grades',
];

function ValueInput({
  choices,
  placeholder,
  suffix,
  value,
  onChange,
}: {
  choices: readonly string[] | null;
  placeholder: string;
  suffix?: string;
  value?: string;
  onChange?: (value: string) => void;
}) {
  if (choices) {
    return (
      <Select
        allowClear
        placeholder={placeholder}
        value={value || undefined}
        onChange={(v?: string) => onChange?.(v ?? '')}
        options={choices.map((c) => ({ value: c, label: c }))}
      />
    );
  }
  return (
    <Input
      placeholder={placeholder}
      maxLength={32}
      suffix={suffix}
      value={value}
      onChange={(event) => onChange?.(event.target.value)}
    />
  );
}

/** 新增/编辑质控点: every option of spec 1 §3 in grouped sections, checked by the server's own rules. */
export function PointFormDrawer({
  open,
  point,
  indicator,
  level,
  readOnly = false,
  onClose,
}: {
  open: boolean;
  point: QualityPoint | null;
  /** The leaf indicator a new point goes under (an edited point keeps its own). */
  indicator: { id: string; name: string } | null;
  level: ObjectLevel;
  /** Show the configuration without saving (a reader without `standards.manage`). */
  readOnly?: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<PointFormValues>();
  const [isSubmitting, setSubmitting] = useState(false);
  const refresh = useRefreshStandards();
  const dataType = Form.useWatch('dataType', form);
  const calcMode = Form.useWatch('calcMode', form);
  const warningMode = Form.useWatch('warningMode', form);
  const standardValue = Form.useWatch('standardValue', form);

  const submit = async () => {
    let values: PointFormValues;
    try {
      values = await form.validateFields();
      values = { ...(form.getFieldsValue(true) as PointFormValues), ...values };
    } catch (error) {
      // Long form: bring the first message into view.
      const first = (error as { errorFields?: Array<{ name: Array<string | number> }> }).errorFields?.[0];
      if (first) form.scrollToField(first.name, { block: 'center' });
      return;
    }
    const indicatorId = point?.indicatorId ?? indicator?.id;
    if (!indicatorId) return;
    setSubmitting(true);
    try {
      const body = pointBodyOf(values, indicatorId);
      await savePoint(body, point?.id);
    } catch {
      return;
    } finally {
      setSubmitting(false);
    }
    notify.success(point ? '质控点已保存' : '质控点已新增');
    void refresh();
    onClose();
  };

  const choices = valueChoices(dataType ?? 'percent', calcMode ?? 'result');
  const suffix = dataType === 'percent' && calcMode !== 'level' ? '%' : undefined;
  const allowedGrades = gradesFor(dataType ?? 'percent', calcMode ?? 'result');
  const isLevelMode = calcMode === 'level';

  return (
    <Drawer
      title={
        point
          ? `${readOnly ? '查看' : '编辑'}质控点「${point.name}」`
          : `新增质控点${indicator ? `（${indicator.name}）` : ''}`
      }
      open={open}
      size={760}
      onClose={() => {
        if (!isSubmitting) onClose();
      }}
      destroyOnHidden
      mask={{ closable: false }}
      extra={
        readOnly ? null : (
          <Space>
            <Button onClick={onClose} disabled={isSubmitting}>
              取消
            </Button>
            <Button type="primary" loading={isSubmitting} onClick={() => void submit()}>
              确定
            </Button>
          </Space>
        )
      }
    >
      <Form<PointFormValues>
        form={form}
        name="pointForm"
        layout="vertical"
        disabled={isSubmitting || readOnly}
        initialValues={pointFormValuesOf(point, level)}
        clearOnDestroy
      >
        <Divider titlePlacement="start">基本信息</Divider>
        <Row gutter={16}>
          <Col span={16}>
            <Form.Item
              name="name"
              label="质控点名称"
              rules={[
                { required: true, whitespace: true, message: '请输入质控点名称' },
                { max: TEXT_LIMITS.content, message: `质控点名称最多只能输入${TEXT_LIMITS.content}个字符` },
              ]}
            >
              <Input placeholder="请输入质控点名称" maxLength={TEXT_LIMITS.content} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="code" label="质控点编号">
              <Input placeholder="选填" maxLength={TEXT_LIMITS.small} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="connotation" label="内涵">
          <Input.TextArea rows={2} maxLength={TEXT_LIMITS.longContent} showCount placeholder="请输入内涵" />
        </Form.Item>
        <Form.Item name="diagnosticStandard" label="诊断标准">
          <Input.TextArea
            rows={2}
            maxLength={TEXT_LIMITS.longContent}
            showCount
            placeholder="请输入诊断标准"
          />
        </Form.Item>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="dimension" label="维度" rules={[{ required: true, message: '请选择维度' }]}>
              <Select options={optionsOf(DIMENSION_LABELS)} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="period" label="周期" rules={[{ required: true, message: '请选择周期' }]}>
              <Select options={optionsOf(PERIOD_LABELS)} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="collectionMethod"
              label="采集方式"
              rules={[{ required: true, message: '请选择采集方式' }]}
            >
              <Select options={optionsOf(COLLECTION_METHOD_LABELS)} />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">数值与计算规则</Divider>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="dataType"
              label="数据类型"
              rules={[{ required: true, message: '请选择数据类型' }]}
            >
              <Select options={optionsOf(DATA_TYPE_LABELS)} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="calcMode"
              label="计算方式"
              rules={[{ required: true, message: '请选择计算方式' }]}
            >
              <Select options={optionsOf(CALC_MODE_LABELS)} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="direction"
              label="期望方向"
              rules={[{ required: true, message: '请选择期望方向' }]}
            >
              <Select options={optionsOf(DIRECTION_LABELS)} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="standardValue"
              label="标准值"
              dependencies={CONFIG_DEPENDENCIES}
              rules={[configRule('standardValue')]}
            >
              <ValueInput choices={choices} suffix={suffix} placeholder="请输入标准值" />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item
              name="grades"
              label="等级"
              dependencies={CONFIG_DEPENDENCIES}
              rules={[configRule('grades')]}
            >
              <Checkbox.Group
                options={allowedGrades.map((g) => ({ value: g, label: `${g} ${GRADE_LABELS[g]}` }))}
              />
            </Form.Item>
          </Col>
        </Row>
        {/* 目标定位: where the peers stand and how past cycles would have fared at the target being typed. */}
        {point ? <TargetBandPanel pointId={point.id} proposedTarget={standardValue} /> : null}
        {isLevelMode ? (
          <Typography.Paragraph type="secondary">
            计算方式为等级时，结果值即等级，无需计算规则。
          </Typography.Paragraph>
        ) : (
          <Form.Item
            label="计算规则（值 → 等级）"
            extra={
              dataType === 'whether' || dataType === 'have'
                ? '是否、有无类型的值为是/否、有/无，等级为 Y、N'
                : '越大越好：值从大到小，达到该值即得该等级；越小越好：值从小到大'
            }
          >
            <Form.List name="calRule">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field, index) => (
                    <Space key={field.key} align="baseline" style={{ display: 'flex', marginBottom: 4 }}>
                      <Form.Item name={[field.name, 'value']} noStyle>
                        <ValueInput choices={choices} suffix={suffix} placeholder={`第${index + 1}项的值`} />
                      </Form.Item>
                      <span>→</span>
                      <Form.Item name={[field.name, 'dxLevel']} noStyle>
                        <Select
                          style={{ width: 120 }}
                          placeholder="等级"
                          options={allowedGrades.map((g) => ({ value: g, label: `${g} ${GRADE_LABELS[g]}` }))}
                        />
                      </Form.Item>
                      <MinusCircleOutlined aria-label="删除该项" onClick={() => remove(field.name)} />
                    </Space>
                  ))}
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => add({ value: '', dxLevel: undefined })}
                  >
                    添加一项
                  </Button>
                </>
              )}
            </Form.List>
          </Form.Item>
        )}
        {/* The rule's message, re-checked whenever a pair or a setting it depends on changes. */}
        <Form.Item
          name="calRuleCheck"
          dependencies={['calRule', ...CONFIG_DEPENDENCIES]}
          rules={[configRule('calRule')]}
          style={{ marginTop: -16 }}
        >
          <span />
        </Form.Item>

        <Divider titlePlacement="start">预警</Divider>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="warningMode"
              label="预警方式"
              dependencies={CONFIG_DEPENDENCIES}
              rules={[configRule('warningMode')]}
            >
              <Select allowClear placeholder="不预警" options={optionsOf(WARNING_MODE_LABELS)} />
            </Form.Item>
          </Col>
          {warningMode === 'result' ? (
            <Col span={8}>
              <Form.Item
                name="warningCondition"
                label="预警条件"
                dependencies={CONFIG_DEPENDENCIES}
                rules={[configRule('warningCondition')]}
              >
                <Select
                  placeholder="请选择"
                  options={WARNING_CONDITIONS.map((c) => ({ value: c, label: `结果值 ${c} 预警值` }))}
                />
              </Form.Item>
            </Col>
          ) : null}
          {warningMode ? (
            <Col span={8}>
              <Form.Item
                name="warningValue"
                label={warningMode === 'level' ? '预警等级' : '预警值'}
                dependencies={CONFIG_DEPENDENCIES}
                rules={[configRule('warningValue')]}
              >
                <ValueInput
                  choices={warningMode === 'level' ? WARNING_GRADES : choices}
                  suffix={suffix}
                  placeholder={warningMode === 'level' ? '请选择预警等级' : '请输入预警值'}
                />
              </Form.Item>
            </Col>
          ) : null}
        </Row>

        <Divider titlePlacement="start">采样与展示</Divider>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="samplingPeriod"
              label="采样周期"
              rules={[{ required: true, message: '请选择采样周期' }]}
            >
              <Select options={optionsOf(SAMPLING_PERIOD_LABELS)} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="warningPeriod"
              label="预警周期"
              rules={[{ required: true, message: '请选择预警周期' }]}
            >
              <Select options={optionsOf(SAMPLING_PERIOD_LABELS)} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="displayMode"
              label="展示方式"
              rules={[{ required: true, message: '请选择展示方式' }]}
            >
              <Select options={optionsOf(DISPLAY_MODE_LABELS)} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={99999} precision={0} placeholder="留空排在最后" style={{ width: 200 }} />
        </Form.Item>

        <Divider titlePlacement="start">标识</Divider>
        <Form.Item name="flags">
          <Checkbox.Group
            options={POINT_FLAGS.map((flag) => ({ value: flag, label: POINT_FLAG_LABELS[flag] }))}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
