import { Anchor, type AnchorProps, Button, type ButtonProps, NavLink, type NavLinkProps } from "@mantine/core";
import { createLink, type LinkComponent } from "@tanstack/react-router";
import type { AnchorHTMLAttributes, Ref } from "react";

// Mantine's look with the router's typed, client-side navigation (TanStack's createLink recipe).

type AnchorAttributes = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "color" | "style">;

interface MantineAnchorProps extends AnchorProps, AnchorAttributes {
  ref?: Ref<HTMLAnchorElement>;
}
const MantineAnchor = (props: MantineAnchorProps) => <Anchor {...props} />;
const RouterAnchor = createLink(MantineAnchor);
export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => <RouterAnchor preload="intent" {...props} />;

interface MantineButtonProps extends ButtonProps, AnchorAttributes {
  ref?: Ref<HTMLAnchorElement>;
}
const MantineButton = (props: MantineButtonProps) => <Button component="a" {...props} />;
const RouterButton = createLink(MantineButton);
export const ButtonLink: LinkComponent<typeof MantineButton> = (props) => <RouterButton preload="intent" {...props} />;

interface MantineNavLinkProps extends NavLinkProps, Omit<AnchorAttributes, "onChange" | "onClick" | "onKeyDown"> {
  ref?: Ref<HTMLAnchorElement>;
}
const MantineNavLink = (props: MantineNavLinkProps) => <NavLink component="a" {...props} />;
const RouterNavLink = createLink(MantineNavLink);
export const NavLinkLink: LinkComponent<typeof MantineNavLink> = (props) => (
  <RouterNavLink preload="intent" {...props} />
);
