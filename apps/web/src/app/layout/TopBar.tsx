import {
  BellOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown, Input, type MenuProps, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import defaultAvatar from '../../assets/default-avatar.svg';
import { Logo } from '../../components/Logo';
import { useCurrentUser } from '../current-user';
import { resolveAssetUrl } from '../runtime-config';
import { speciesSearchPath } from './search';

interface TopBarProps {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  onLogout: () => void;
}

export function TopBar({ sidebarOpen, onToggleSidebar, onLogout }: TopBarProps) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [query, setQuery] = useState(params.get('search') ?? '');
  // On the species list the box shows the search in force, so clearing it there (or going back) shows here.
  const { pathname } = useLocation();
  const listSearch = pathname === '/species' ? (params.get('search') ?? '') : null;
  useEffect(() => {
    if (listSearch !== null) setQuery(listSearch);
  }, [listSearch]);

  const onSearch = (value: string) => {
    const path = speciesSearchPath(value);
    if (path) void navigate(path);
  };

  const profileMenu: MenuProps = {
    items: [
      { key: 'settings', icon: <SettingOutlined />, label: <Link to="/settings">Settings</Link> },
      { type: 'divider' },
      { key: 'logout', icon: <LogoutOutlined />, label: 'Logout', danger: true, onClick: onLogout },
    ],
  };
  const name = user.name.trim() || 'User';

  return (
    <header className="top-bar">
      <Button
        type="text"
        className="top-bar__toggle"
        icon={sidebarOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={onToggleSidebar}
        aria-label={sidebarOpen ? 'Close sidebar' : 'Open sidebar'}
        aria-expanded={sidebarOpen}
      />
      <Logo compact />
      <search className="top-bar__search">
        <Input.Search
          placeholder="Search Bird name, Scientific name, Species"
          aria-label="Search species"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onSearch={onSearch}
          allowClear
        />
      </search>
      <div className="top-bar__actions">
        <Tooltip title="Activity Logs">
          <Link to="/notifications" className="top-bar__icon-link" aria-label="Notifications">
            <BellOutlined />
          </Link>
        </Tooltip>
        <Dropdown menu={profileMenu} trigger={['click']} placement="bottomRight">
          <button type="button" className="top-bar__profile" aria-label={`${name}, account menu`}>
            <Avatar
              src={resolveAssetUrl(user.profile, defaultAvatar)}
              alt=""
              size={32}
              className="top-bar__avatar"
            />
            <span className="top-bar__name" data-testid="profile-name">
              {name}
            </span>
          </button>
        </Dropdown>
      </div>
    </header>
  );
}
