export { ComputedRunModal } from './components/computed-run-modal.tsx';
export { DetailRows } from './components/detail-rows.tsx';
export { ResultSourceTag } from './components/result-source-tag.tsx';
export { WhyPanel, WhyView } from './components/why-panel.tsx';
