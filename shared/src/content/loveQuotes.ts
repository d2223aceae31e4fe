/** A love quote shown as the quote of the day and in the footer. */
export interface LoveQuote {
  readonly quote: string;
  readonly author: string;
}

/**
 * Bundled love quotes. Each one is either a verbatim line from a public-domain
 * work (verse line breaks shown as " / ") or an original line written for the
 * app, credited to "Spank Bank".
 */
export const loveQuotes: readonly LoveQuote[] = [
  {
    quote: "Shall I compare thee to a summer's day? / Thou art more lovely and more temperate",
    author: "William Shakespeare",
  },
  {
    quote:
      "Let me not to the marriage of true minds / Admit impediments. Love is not love / Which alters when it alteration finds",
    author: "William Shakespeare",
  },
  {
    quote: "Love alters not with his brief hours and weeks, / But bears it out even to the edge of doom.",
    author: "William Shakespeare",
  },
  {
    quote: "The course of true love never did run smooth.",
    author: "William Shakespeare",
  },
  {
    quote: "Love looks not with the eyes, but with the mind, / And therefore is wing'd Cupid painted blind.",
    author: "William Shakespeare",
  },
  {
    quote:
      "My bounty is as boundless as the sea, / My love as deep; the more I give to thee, / The more I have, for both are infinite.",
    author: "William Shakespeare",
  },
  {
    quote: "Good night, good night! Parting is such sweet sorrow, / That I shall say good night till it be morrow.",
    author: "William Shakespeare",
  },
  {
    quote:
      "Doubt thou the stars are fire; / Doubt that the sun doth move; / Doubt truth to be a liar; / But never doubt I love.",
    author: "William Shakespeare",
  },
  {
    quote: "I would not wish / Any companion in the world but you.",
    author: "William Shakespeare",
  },
  {
    quote: "Journeys end in lovers meeting.",
    author: "William Shakespeare",
  },
  {
    quote: "If music be the food of love, play on.",
    author: "William Shakespeare",
  },
  {
    quote: "I love you with so much of my heart that none is left to protest.",
    author: "William Shakespeare",
  },
  {
    quote: "I do love nothing in the world so well as you: is not that strange?",
    author: "William Shakespeare",
  },
  {
    quote: "For thy sweet love remember'd such wealth brings / That then I scorn to change my state with kings.",
    author: "William Shakespeare",
  },
  {
    quote: "They do not love that do not show their love.",
    author: "William Shakespeare",
  },
  {
    quote: "I had rather hear my dog bark at a crow than a man swear he loves me.",
    author: "William Shakespeare",
  },
  {
    quote: "And yet, by heaven, I think my love as rare / As any she belied with false compare.",
    author: "William Shakespeare",
  },
  {
    quote: "With love's light wings did I o'erperch these walls, / For stony limits cannot hold love out",
    author: "William Shakespeare",
  },
  {
    quote: "Eternity was in our lips and eyes",
    author: "William Shakespeare",
  },
  {
    quote: "How do I love thee? Let me count the ways.",
    author: "Elizabeth Barrett Browning",
  },
  {
    quote: "I love thee to the depth and breadth and height / My soul can reach",
    author: "Elizabeth Barrett Browning",
  },
  {
    quote: "I love thee to the level of every day's / Most quiet need, by sun and candle-light.",
    author: "Elizabeth Barrett Browning",
  },
  {
    quote: "If thou must love me, let it be for nought / Except for love's sake only.",
    author: "Elizabeth Barrett Browning",
  },
  {
    quote: "You pierce my soul. I am half agony, half hope.",
    author: "Jane Austen",
  },
  {
    quote:
      "In vain have I struggled. It will not do. My feelings will not be repressed. You must allow me to tell you how ardently I admire and love you.",
    author: "Jane Austen",
  },
  {
    quote: "If I loved you less, I might be able to talk about it more.",
    author: "Jane Austen",
  },
  {
    quote: "I was in the middle before I knew that I had begun.",
    author: "Jane Austen",
  },
  {
    quote: "Reader, I married him.",
    author: "Charlotte Brontë",
  },
  {
    quote: "I know what it is to live entirely for and with what I love best on earth.",
    author: "Charlotte Brontë",
  },
  {
    quote:
      "It is as if I had a string somewhere under my left ribs, tightly and inextricably knotted to a similar string situated in the corresponding quarter of your little frame.",
    author: "Charlotte Brontë",
  },
  {
    quote: "Whatever our souls are made of, his and mine are the same.",
    author: "Emily Brontë",
  },
  {
    quote: "He's more myself than I am.",
    author: "Emily Brontë",
  },
  {
    quote: "She walks in beauty, like the night / Of cloudless climes and starry skies",
    author: "Lord Byron",
  },
  {
    quote:
      "I almost wish we were butterflies and lived but three summer days—three such days with you I could fill with more delight than fifty common years could ever contain.",
    author: "John Keats",
  },
  {
    quote: "O my Luve's like a red, red rose, / That's newly sprung in June",
    author: "Robert Burns",
  },
  {
    quote: "And I will luve thee still, my dear, / Till a' the seas gang dry.",
    author: "Robert Burns",
  },
  {
    quote: "Camerado, I give you my hand! / I give you my love more precious than money",
    author: "Walt Whitman",
  },
  {
    quote: "I have perceiv'd that to be with those I like is enough",
    author: "Walt Whitman",
  },
  {
    quote:
      "Nothing in the world is single; / All things by a law divine / In one spirit meet and mingle. / Why not I with thine?",
    author: "Percy Bysshe Shelley",
  },
  {
    quote:
      "And the sunlight clasps the earth, / And the moonbeams kiss the sea: / What is all this sweet work worth / If thou kiss not me?",
    author: "Percy Bysshe Shelley",
  },
  {
    quote: "Come live with me and be my love, / And we will all the pleasures prove",
    author: "Christopher Marlowe",
  },
  {
    quote: "Who ever lov'd, that lov'd not at first sight?",
    author: "Christopher Marlowe",
  },
  {
    quote: "I wonder, by my troth, what thou and I / Did, till we lov'd?",
    author: "John Donne",
  },
  {
    quote: "For love, all love of other sights controls, / And makes one little room an everywhere.",
    author: "John Donne",
  },
  {
    quote:
      "Our two souls therefore, which are one, / Though I must go, endure not yet / A breach, but an expansion, / Like gold to airy thinness beat.",
    author: "John Donne",
  },
  {
    quote: "Busy old fool, unruly sun, / Why dost thou thus, / Through windows, and through curtains call on us?",
    author: "John Donne",
  },
  {
    quote:
      "Drink to me only with thine eyes, / And I will pledge with mine; / Or leave a kiss but in the cup, / And I'll not look for wine.",
    author: "Ben Jonson",
  },
  {
    quote: "Grow old along with me! / The best is yet to be",
    author: "Robert Browning",
  },
  {
    quote: "To love oneself is the beginning of a life-long romance.",
    author: "Oscar Wilde",
  },
  {
    quote: "Had we but world enough and time, / This coyness, lady, were no crime.",
    author: "Andrew Marvell",
  },
  {
    quote: "Wild nights—Wild nights! / Were I with thee / Wild nights should be / Our luxury!",
    author: "Emily Dickinson",
  },
  {
    quote: "That Love is all there is, / Is all we know of Love",
    author: "Emily Dickinson",
  },
  {
    quote: "Home is wherever your hand finds mine, even when it takes a plane ticket to get there.",
    author: "Spank Bank",
  },
  {
    quote: "Every time zone is just another excuse to say good morning twice.",
    author: "Spank Bank",
  },
  {
    quote: "I'd choose you in every timeline, including the ones where you steal the blanket.",
    author: "Spank Bank",
  },
  {
    quote: "You are my favourite notification.",
    author: "Spank Bank",
  },
  {
    quote: "Somewhere between India and Florida, my heart keeps a seat warm for you.",
    author: "Spank Bank",
  },
  {
    quote: "Loving you is the easiest thing I've ever been dramatic about.",
    author: "Spank Bank",
  },
  {
    quote: "The best part of my day is the part with you in it, even if it's just a blurry video call.",
    author: "Spank Bank",
  },
  {
    quote: "You make ordinary Tuesdays feel like a holiday.",
    author: "Spank Bank",
  },
  {
    quote: "I still get butterflies, and frankly they should be paying rent by now.",
    author: "Spank Bank",
  },
  {
    quote: "Distance is just a test of how far love can travel, and ours has air miles.",
    author: "Spank Bank",
  },
  {
    quote: "You're the chai to my morning and the cuddle to my evening.",
    author: "Spank Bank",
  },
  {
    quote: "I love you more than yesterday, less than tomorrow, and exactly as much as the last slice of pizza.",
    author: "Spank Bank",
  },
  {
    quote: "You are my calm, my chaos, and my favourite inside joke.",
    author: "Spank Bank",
  },
  {
    quote: "Let's keep choosing each other, one ordinary day at a time.",
    author: "Spank Bank",
  },
  {
    quote: "I fall for you a little more every morning, usually before coffee.",
    author: "Spank Bank",
  },
  {
    quote: "Two hearts, two time zones, one very stubborn love.",
    author: "Spank Bank",
  },
  {
    quote: "Good night from my side of the world; good morning to the best part of yours.",
    author: "Spank Bank",
  },
  {
    quote: "Even the moon looks better knowing you can see it too.",
    author: "Spank Bank",
  },
  {
    quote: "Kisses sent by text still count. I've checked the rules.",
    author: "Spank Bank",
  },
  {
    quote: "You're the reason I check the weather in two cities.",
    author: "Spank Bank",
  },
  {
    quote: "Being with you feels like exhaling after a long day.",
    author: "Spank Bank",
  },
  {
    quote: "I'd share my fries with you, and that is the highest honour I can give.",
    author: "Spank Bank",
  },
  {
    quote: "Wherever we are, we're on the same team.",
    author: "Spank Bank",
  },
  {
    quote: "My favourite adventure is the one where we grow old and silly together.",
    author: "Spank Bank",
  },
  {
    quote: "You make my heart do little cartwheels it definitely didn't train for.",
    author: "Spank Bank",
  },
  {
    quote: "The countdown to seeing you is my favourite kind of maths.",
    author: "Spank Bank",
  },
  {
    quote: "Love is the small stuff: a saved seat, a warm cup, a text to say you got home safe.",
    author: "Spank Bank",
  },
  {
    quote: "Some people collect stamps. I collect your laughs.",
    author: "Spank Bank",
  },
  {
    quote: "I love you in every language, including the one where we just raise our eyebrows.",
    author: "Spank Bank",
  },
  {
    quote: "Thank you for being my person, on good hair days and otherwise.",
    author: "Spank Bank",
  },
  {
    quote: "Miles are just numbers. You are the constant.",
    author: "Spank Bank",
  },
  {
    quote: "Every airport goodbye is just a promise of an airport hello.",
    author: "Spank Bank",
  },
  {
    quote: "Our love: two parts devotion, one part mischief, garnished with snacks.",
    author: "Spank Bank",
  },
  {
    quote: "I'd cross oceans for you. Luckily, the airline does most of the work.",
    author: "Spank Bank",
  },
  {
    quote: "You're my sunrise in one city and my sunset in another.",
    author: "Spank Bank",
  },
  {
    quote: "Forever sounds short when I imagine it with you.",
    author: "Spank Bank",
  },
  {
    quote: "Flirting with you is my favourite hobby, and I plan to go professional.",
    author: "Spank Bank",
  },
  {
    quote: "You're the plot twist I would never rewrite.",
    author: "Spank Bank",
  },
  {
    quote: "Let's be the couple that still holds hands at ninety.",
    author: "Spank Bank",
  },
  {
    quote: "I saved you a spot in every future I imagine.",
    author: "Spank Bank",
  },
  {
    quote: "I'd pick you over the window seat, and that is saying something.",
    author: "Spank Bank",
  },
];
