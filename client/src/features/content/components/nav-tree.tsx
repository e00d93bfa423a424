import { NavLink } from 'react-router';
import type { NavItem } from '@bianshi/shared/content/index';

/** The docs sidebar: folders as groups, pages as links, the current page marked. */
export function NavTree({ items, depth = 0, onNavigate }: { items: readonly NavItem[]; depth?: number; onNavigate?: () => void }) {
  return (
    <ul className="nav-tree" data-depth={depth}>
      {items.map((item) => (
        <li key={item.stem}>
          {item.children?.length ? (
            <>
              {item.page ? (
                <NavLink to={item.path} end className="nav-tree__group nav-tree__link" onClick={onNavigate}>
                  {item.title}
                </NavLink>
              ) : (
                <span className="nav-tree__group">{item.title}</span>
              )}
              <NavTree items={item.children} depth={depth + 1} {...(onNavigate ? { onNavigate } : {})} />
            </>
          ) : (
            <NavLink to={item.path} end className="nav-tree__link" onClick={onNavigate}>
              {item.title}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  );
}
