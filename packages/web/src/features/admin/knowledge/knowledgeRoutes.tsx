import type { RouteObject } from 'react-router';
import { RequireRole } from '../session/RequireRole';
import { TryScreen } from '../tryit/TryScreen';
import { ArticleScreen } from './ArticleScreen';
import { HistoryScreen } from './HistoryScreen';
import { KnowledgeScreen } from './KnowledgeScreen';
import { NewArticleScreen } from './NewArticleScreen';
import { PublishScreen } from './PublishScreen';
import { VersionScreen } from './VersionScreen';

const editor = (element: React.ReactNode) => <RequireRole role="editor">{element}</RequireRole>;

/** The knowledge-base editor and Try it, relative to /admin (a viewer reads, an editor changes). */
export const KNOWLEDGE_ROUTES: RouteObject[] = [
  { path: 'knowledge', element: <KnowledgeScreen /> },
  { path: 'knowledge/new', element: editor(<NewArticleScreen />) },
  { path: 'knowledge/publish', element: editor(<PublishScreen />) },
  { path: 'knowledge/history', element: <HistoryScreen /> },
  { path: 'knowledge/history/:version', element: <VersionScreen /> },
  { path: 'knowledge/:articleId', element: <ArticleScreen /> },
  { path: 'try', element: <TryScreen /> },
];
