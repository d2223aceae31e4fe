import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LetterParagraphs } from "./letterMarkup";

const html = (text: string) => render(<LetterParagraphs text={text} />).container.innerHTML;

describe("a letter's markup", () => {
  it("makes paragraphs from blank lines and keeps single line breaks", () => {
    expect(html("Dear you,\n\nFirst line\nsecond line\n\n\n  Love  ")).toBe(
      "<p>Dear you,</p><p>First line<br>second line</p><p>Love</p>",
    );
  });

  it("turns *this* into emphasis and **this** into strong, leaving lone asterisks alone", () => {
    expect(html("I *really* mean it, **always**. 5 * 3 stars")).toBe(
      "<p>I <em>really</em> mean it, <strong>always</strong>. 5 * 3 stars</p>",
    );
  });

  it("shows HTML in a letter as the text it is", () => {
    const { container } = render(<LetterParagraphs text={'<img src=x onerror="alert(1)"> <b>hi</b>'} />);
    expect(container.querySelector("img, b")).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror="alert(1)"> <b>hi</b>');
  });
});
