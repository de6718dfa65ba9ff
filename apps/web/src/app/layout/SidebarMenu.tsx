import { LogoutOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { highlightedMenuKey, menuRoutes } from '../access';
import { useCurrentUser } from '../current-user';
import { appRoutes } from '../routes';

interface SidebarMenuProps {
  onLogout: () => void;
  /** Called after a link is followed (the drawer closes itself then). */
  onNavigate?: () => void;
}

const LOGOUT_KEY = 'logout';

export function SidebarMenu({ onLogout, onNavigate }: SidebarMenuProps) {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const selected = highlightedMenuKey(appRoutes, pathname);

  const items: MenuProps['items'] = [
    ...menuRoutes(appRoutes, user.userType).map((route) => ({
      key: route.path,
      icon: route.menu?.icon,
      label: (
        <Link to={route.path} onClick={onNavigate}>
          {route.menu?.label}
        </Link>
      ),
    })),
    { type: 'divider' as const },
    { key: LOGOUT_KEY, icon: <LogoutOutlined />, label: 'Logout', danger: true, onClick: onLogout },
  ];

  return (
    <nav aria-label="Main">
      <Menu mode="inline" items={items} selectedKeys={selected ? [selected] : []} className="sidebar-menu" />
    </nav>
  );
}
