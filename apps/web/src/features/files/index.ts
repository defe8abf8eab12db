export { fileTypesRoute } from './routes.tsx';
