import {
  AuditOutlined,
  BarChartOutlined,
  ContainerOutlined,
  DashboardOutlined,
  FileExcelOutlined,
  FileSearchOutlined,
  ReadOutlined,
  SettingOutlined,
  TeamOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { lazyPage } from './lazy-page';
import type { AppRoute } from './route-types';

const SpeciesListPage = lazyPage(() =>
  import('../features/species/SpeciesListPage').then((m) => m.SpeciesListPage),
);
const AddSpeciesPage = lazyPage(() =>
  import('../features/species/AddSpeciesPage').then((m) => m.AddSpeciesPage),
);
const SpeciesDetailsPage = lazyPage(() =>
  import('../features/species/SpeciesDetailsPage').then((m) => m.SpeciesDetailsPage),
);
const EditSpeciesPage = lazyPage(() =>
  import('../features/species/EditSpeciesPage').then((m) => m.EditSpeciesPage),
);
const ChecklistsPage = lazyPage(() =>
  import('../features/records/ChecklistsListPage').then((m) => m.ChecklistsPage),
);
const NewSpeciesPage = lazyPage(() =>
  import('../features/records/ChecklistsListPage').then((m) => m.NewSpeciesPage),
);
const ChecklistPage = lazyPage(() =>
  import('../features/records/ChecklistDetailsPage').then((m) => m.ChecklistPage),
);
const NewSpeciesDetailsPage = lazyPage(() =>
  import('../features/records/ChecklistDetailsPage').then((m) => m.NewSpeciesDetailsPage),
);
const EntriesListPage = lazyPage(() =>
  import('../features/records/EntriesListPage').then((m) => m.EntriesListPage),
);
const AddChecklistPage = lazyPage(() =>
  import('../features/records/AddChecklistPage').then((m) => m.AddChecklistPage),
);
const SettingsPage = lazyPage(() => import('../features/users/SettingsPage').then((m) => m.SettingsPage));
const AddAdminPage = lazyPage(() => import('../features/users/AddAdminPage').then((m) => m.AddAdminPage));
const EditAdminPage = lazyPage(() => import('../features/users/EditAdminPage').then((m) => m.EditAdminPage));
const PasswordUpdatePage = lazyPage(() =>
  import('../features/users/PasswordUpdatePage').then((m) => m.PasswordUpdatePage),
);
const ActivityLogPage = lazyPage(() =>
  import('../features/notifications/ActivityLogPage').then((m) => m.ActivityLogPage),
);
const ReviewQueuePage = lazyPage(() =>
  import('../features/review/ReviewQueuePage').then((m) => m.ReviewQueuePage),
);
const ReviewRulesPage = lazyPage(() =>
  import('../features/review/ReviewRulesPage').then((m) => m.ReviewRulesPage),
);
const DashboardPage = lazyPage(() =>
  import('../features/insight/dashboard/DashboardPage').then((m) => m.DashboardPage),
);
const BirdersListPage = lazyPage(() =>
  import('../features/insight/birders/BirdersListPage').then((m) => m.BirdersListPage),
);
const TopBirdersPage = lazyPage(() =>
  import('../features/insight/birders/TopBirdersPage').then((m) => m.TopBirdersPage),
);
const BirderDetailPage = lazyPage(() =>
  import('../features/insight/birders/BirderDetailPage').then((m) => m.BirderDetailPage),
);
const GraphsPage = lazyPage(() => import('../features/insight/graphs/GraphsPage').then((m) => m.GraphsPage));
const ChecklistAnalysisPage = lazyPage(() =>
  import('../features/insight/analysis/ChecklistAnalysisPage').then((m) => m.ChecklistAnalysisPage),
);

/**
 * The one table of signed-in pages: it drives the router, the sidebar (entries with `menu`, in this
 * order) and access (`access: 'root'`). Any other path redirects to /.
 */
export const appRoutes: AppRoute[] = [
  {
    path: '/',
    title: 'Dashboard',
    Page: DashboardPage,
    menu: { label: 'Dashboard', icon: <DashboardOutlined /> },
  },
  {
    path: '/species',
    title: 'Species',
    Page: SpeciesListPage,
    menu: { label: 'Species', icon: <ReadOutlined /> },
  },
  { path: '/species/add', title: 'Add Species', Page: AddSpeciesPage },
  { path: '/species/:id', title: 'Species Details', Page: SpeciesDetailsPage },
  { path: '/species/:id/edit', title: 'Edit Species', Page: EditSpeciesPage },
  {
    path: '/checklists',
    title: 'Checklists',
    Page: ChecklistsPage,
    menu: { label: 'Checklists', icon: <UnorderedListOutlined /> },
  },
  { path: '/checklists/add', title: 'Add Checklist', Page: AddChecklistPage },
  { path: '/checklists/:id', title: 'Checklist Details', Page: ChecklistPage },
  {
    path: '/review',
    title: 'Review Queue',
    Page: ReviewQueuePage,
    menu: { label: 'Review Queue', icon: <AuditOutlined /> },
  },
  { path: '/review/rules', title: 'Review Rules', Page: ReviewRulesPage, highlight: '/review' },
  {
    path: '/entries',
    title: 'Entries',
    Page: EntriesListPage,
    menu: { label: 'Entries', icon: <ContainerOutlined /> },
  },
  {
    path: '/new-species',
    title: 'New Species',
    Page: NewSpeciesPage,
    menu: { label: 'New Species', icon: <FileSearchOutlined /> },
  },
  {
    path: '/new-species/:checklistName',
    title: 'New Species Details',
    Page: NewSpeciesDetailsPage,
  },
  {
    path: '/graphs',
    title: 'Graphs',
    Page: GraphsPage,
    menu: { label: 'Graphs', icon: <BarChartOutlined /> },
  },
  {
    path: '/checklists/analyze',
    title: 'Checklist Analysis',
    Page: ChecklistAnalysisPage,
    menu: { label: 'Checklist Analysis', icon: <FileExcelOutlined /> },
  },
  {
    path: '/birders',
    title: 'Birders',
    Page: BirdersListPage,
    menu: { label: 'Birders', icon: <TeamOutlined /> },
  },
  { path: '/birders/:id', title: 'Birder Details', Page: BirderDetailPage },
  { path: '/top-birders', title: 'Top Birders', Page: TopBirdersPage, highlight: '/' },
  {
    path: '/settings',
    title: 'Settings',
    Page: SettingsPage,
    menu: { label: 'Settings', icon: <SettingOutlined /> },
  },
  {
    path: '/add-admin',
    title: 'Register Admin User',
    Page: AddAdminPage,
    access: 'root',
    highlight: '/settings',
  },
  {
    path: '/admins/:id/edit',
    title: 'Edit Admin',
    Page: EditAdminPage,
    access: 'root',
    highlight: '/settings',
  },
  { path: '/password-update', title: 'Update Password', Page: PasswordUpdatePage, highlight: '/settings' },
  { path: '/notifications', title: 'Activity Logs', Page: ActivityLogPage },
];

const LoginPage = lazyPage(() => import('../features/auth/LoginPage').then((m) => m.LoginPage));
const SignupPage = lazyPage(() => import('../features/auth/SignupPage').then((m) => m.SignupPage));
const ForgotPasswordPage = lazyPage(() =>
  import('../features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
);
const PasswordResetPage = lazyPage(() =>
  import('../features/auth/PasswordResetPage').then((m) => m.PasswordResetPage),
);
const DeactivatedPage = lazyPage(() =>
  import('../features/auth/DeactivatedPage').then((m) => m.DeactivatedPage),
);
const NotAdminPage = lazyPage(() => import('../features/auth/NotAdminPage').then((m) => m.NotAdminPage));

/** Pages for people who are not signed in. Any other path redirects to /login. */
export const publicRoutes: AppRoute[] = [
  { path: '/login', title: 'Sign In', Page: LoginPage },
  { path: '/signup', title: 'Sign Up', Page: SignupPage },
  { path: '/register', title: 'Sign Up', Page: SignupPage },
  { path: '/forgot-password', title: 'Forgot Password', Page: ForgotPasswordPage },
  { path: '/password-reset/:id/:token', title: 'Reset Password', Page: PasswordResetPage },
  { path: '/deactivated', title: 'Account Deactivated', Page: DeactivatedPage },
  { path: '/not-admin', title: 'Not an Admin', Page: NotAdminPage },
];
