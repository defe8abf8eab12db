import { DEMO_DATA_LABEL, type MeasureKey, type ScreenOverview } from '@eduqa/contract';
import { Button, ConfigProvider, Result, Select, Spin, Tag, theme } from 'antd';
import { memo, useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { LazyChart } from '../../../shared/charts/lazy-chart.tsx';
import { formatSchoolTime } from '../../../shared/time/school-time.ts';
import { HEADER_HEIGHT } from '../../../shared/ui/header-height.ts';
import { chooseScreen, measureOf, useGrantedScreens, useScreenOverview } from './api.ts';
import { PeerRankList } from './components/peer-rank-list.tsx';
import { ScreenClock } from './components/screen-clock.tsx';
import { FullscreenButton, RotationControls } from './components/screen-controls.tsx';
import { PANEL_CHROME, ScreenPanel } from './components/screen-panel.tsx';
import { ScreenViewport } from './components/screen-viewport.tsx';
import { TodoList } from './components/todo-list.tsx';
import {
  categoryBarsOption,
  departmentsOption,
  ringOption,
  SCREEN_COLORS,
  warningMonthsOption,
  warningPieOption,
} from './screen-charts.ts';
import { useRotationSetting, useScreenRotation } from './screen-rotation.ts';
import './screen.css';
import { useFullscreen } from './use-fullscreen.ts';

/** The built-in screen every holder of 数据大屏 sees (画像 screens of this layout take their name). */
const DEFAULT_SCREEN_NAME = '学校质量总览';

/**
 * 数据大屏 (/dataScreen): a dark 1920×1080 stage filling the window below the header, scaled to fit. The
 * figures come in one request, refetched every minute; the previous answer stays drawn meanwhile and the
 * charts merge the new values without animating, so nothing flickers. When the caller's roles are granted
 * several screens (画像 entries of kind screen), a selector switches between them and 轮播 rotates them;
 * 全屏 puts the screen on the whole display.
 */
export function DataScreenPage() {
  const screens = useGrantedScreens();
  const [search, setSearch] = useSearchParams();
  const viewport = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(viewport);
  const [rotation, setRotation] = useRotationSetting();

  const { granted, chosen } = chooseScreen(screens.data, search.get('screen'));
  const choose = useCallback((id: string) => setSearch({ screen: id }, { replace: true }), [setSearch]);
  useScreenRotation({
    ids: granted.map((s) => s.id),
    currentId: chosen?.id ?? null,
    setting: rotation,
    onNext: choose,
  });
  // The server checks the chosen screen's grant again; the list is awaited so the figures load once.
  const overview = useScreenOverview(chosen?.id, !screens.isPending);

  // The first answer draws with animation; every later one (a refresh) updates in place without it.
  const firstAt = useRef<number | null>(null);
  if (overview.data && firstAt.current === null) firstAt.current = overview.dataUpdatedAt;
  const animate = overview.dataUpdatedAt === firstAt.current;

  const data = overview.data;
  return (
    <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
      <ScreenViewport top={HEADER_HEIGHT} viewportRef={viewport}>
        <header className="ds-title">
          <ScreenClock />
          <h1>
            {data?.schoolName ?? '数据大屏'}
            <span className="ds-title-sub">{chosen?.name ?? DEFAULT_SCREEN_NAME}</span>
          </h1>
          <div className="ds-title-right">
            {granted.length > 1 ? (
              <>
                <Select
                  aria-label="选择大屏"
                  size="large"
                  style={{ width: 200 }}
                  value={chosen?.id}
                  options={granted.map((s) => ({ value: s.id, label: s.name }))}
                  onChange={choose}
                  getPopupContainer={(node: HTMLElement) => node.parentElement ?? document.body}
                />
                <RotationControls setting={rotation} onChange={setRotation} />
              </>
            ) : null}
            {fullscreen.isSupported ? (
              <FullscreenButton
                isFullscreen={fullscreen.isFullscreen}
                onToggle={() => void fullscreen.toggle()}
              />
            ) : null}
            {data ? <UpdatedAt asOf={data.asOf} failed={overview.isError} /> : null}
          </div>
        </header>
        <ScreenMain overview={overview} animate={animate} />
      </ScreenViewport>
    </ConfigProvider>
  );
}

/** The panels once the figures are in; meanwhile a spinner, or the failure with 重试. */
function ScreenMain({
  overview,
  animate,
}: {
  overview: ReturnType<typeof useScreenOverview>;
  animate: boolean;
}) {
  if (overview.data) return <ScreenBody overview={overview.data} animate={animate} />;
  return (
    <div className="ds-center" style={{ flex: 1 }}>
      {overview.isError ? (
        <Result
          status="error"
          title="数据大屏加载失败"
          subTitle={overview.error instanceof Error ? overview.error.message : undefined}
          extra={
            <Button type="primary" onClick={() => overview.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <Spin size="large" />
      )}
    </div>
  );
}

function UpdatedAt({ asOf, failed }: { asOf: string; failed: boolean }) {
  const time = formatSchoolTime(asOf).slice(11);
  return failed ? (
    <span style={{ color: '#ffc53d' }}>刷新失败，显示 {time} 的数据</span>
  ) : (
    <span>更新于 {time}</span>
  );
}

/** Panel heights at the design size: three columns of the 944 px below the title bar (gaps 16). */
const SIDE_PANEL = 464;
const CENTER_PANEL = [304, 304, 304] as const;
const RANK_PANEL = 560;
const TODO_PANEL = SIDE_PANEL * 2 + 16 - RANK_PANEL - 16;

/** The panels; memoised so the ticking clock and the title bar never redraw them. */
const ScreenBody = memo(function ScreenBody({
  overview,
  animate,
}: {
  overview: ScreenOverview;
  animate: boolean;
}) {
  const m = (key: MeasureKey) => measureOf(overview, key);
  const attainment = m('pointAttainment');
  const collection = m('collectionRate');
  const byLevel = m('warningsByLevel');
  const byKind = m('warningsByKind');
  const byMonth = m('warningsByMonth');
  const departments = m('goalCompletionByDepartment');
  const peers = m('peerRank');
  const todos = m('openTodos');

  const options = useMemo(
    () => ({
      attainmentRing: ringOption(attainment, SCREEN_COLORS.palette[0], animate),
      attainmentLevels: categoryBarsOption(attainment, {
        percent: true,
        color: SCREEN_COLORS.palette[0],
        animate,
      }),
      collectionRing: ringOption(collection, SCREEN_COLORS.palette[1], animate),
      collectionMethods: categoryBarsOption(collection, {
        percent: false,
        color: SCREEN_COLORS.palette[1],
        animate,
      }),
      warningPie: warningPieOption(byLevel, animate),
      warningKindPie: warningPieOption(byKind, animate),
      warningMonths: warningMonthsOption(byMonth, animate),
      departments: departmentsOption(departments, animate),
    }),
    [attainment, collection, byLevel, byKind, byMonth, departments, animate],
  );

  const sideBody = SIDE_PANEL - PANEL_CHROME;
  const centerBody = (i: 0 | 1 | 2) => CENTER_PANEL[i] - PANEL_CHROME;
  return (
    <div className="ds-body">
      <div className="ds-column">
        <ScreenPanel title="质控点达标率" height={SIDE_PANEL} note={attainment?.note}>
          <div className="ds-split">
            <LazyChart option={options.attainmentRing} height={200} merge />
            <LazyChart option={options.attainmentLevels} height={sideBody} merge />
          </div>
        </ScreenPanel>
        <ScreenPanel title="自动采集率" height={SIDE_PANEL} note={collection?.note}>
          <div className="ds-split">
            <LazyChart option={options.collectionRing} height={200} merge />
            <LazyChart option={options.collectionMethods} height={sideBody} merge />
          </div>
        </ScreenPanel>
      </div>
      <div className="ds-column">
        {/* Levels and kinds side by side, each pie over its own count: a 结果值预警 has no level. */}
        <div className="ds-row">
          <ScreenPanel title="预警等级分布" height={CENTER_PANEL[0]} note={byLevel?.note}>
            <LazyChart option={options.warningPie} height={centerBody(0)} merge />
          </ScreenPanel>
          <ScreenPanel title="预警类型分布" height={CENTER_PANEL[0]} note={byKind?.note}>
            <LazyChart option={options.warningKindPie} height={centerBody(0)} merge />
          </ScreenPanel>
        </div>
        <ScreenPanel title="月度预警" height={CENTER_PANEL[1]} note={byMonth?.note}>
          <LazyChart option={options.warningMonths} height={centerBody(1)} merge />
        </ScreenPanel>
        <ScreenPanel title="部门目标任务完成率" height={CENTER_PANEL[2]} note={departments?.note}>
          <LazyChart option={options.departments} height={centerBody(2)} merge />
        </ScreenPanel>
      </div>
      <div className="ds-column">
        <ScreenPanel
          title="同类院校排名"
          height={RANK_PANEL}
          note={peers?.note}
          extra={
            // Light text on the dark screen: the light pages' darker tag text would not read here.
            peers?.isDemo ? (
              <Tag color="orange" style={{ color: '#ffd591' }}>
                {DEMO_DATA_LABEL}
              </Tag>
            ) : null
          }
        >
          <PeerRankList measure={peers} />
        </ScreenPanel>
        <ScreenPanel title="我的待办" height={TODO_PANEL} note={todos?.note}>
          <TodoList measure={todos} />
        </ScreenPanel>
      </div>
    </div>
  );
});
