import { SidebarContent } from './SidebarContent';

/** Fixed 80 units wide on large screens. */
export function DesktopSidebar() {
  return (
    <aside
      className="hidden w-80 shrink-0 border-r border-slate-200 bg-white lg:block"
      data-testid="sidebar"
    >
      <SidebarContent onNavigate={() => undefined} />
    </aside>
  );
}
