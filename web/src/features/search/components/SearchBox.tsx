import { TextInput } from "@mantine/core";
import { SEARCH_MAX } from "@spankbank/shared/limits";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";

/** The header's one search box: Enter opens the results page (`/search?q=`). */
export function SearchBox({ className }: { className?: string }) {
  const navigate = useNavigate();
  const searched = useLocation({
    select: (location) => (location.pathname === "/search" ? String((location.search as { q?: unknown }).q ?? "") : ""),
  });
  const [typed, setTyped] = useState(searched);
  // Back and forward through searches show the words searched.
  useEffect(() => setTyped(searched), [searched]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = typed.trim();
    if (q !== "") void navigate({ to: "/search", search: { q } });
  };
  return (
    <search className={className}>
      <form onSubmit={submit}>
        <TextInput
          type="search"
          size="xs"
          aria-label="Search memories, answers and letters"
          placeholder="Search…"
          value={typed}
          maxLength={SEARCH_MAX}
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
      </form>
    </search>
  );
}
