"""The app's frame: listening to the page (``app``), which screen a route shows (``router``,
``pages``), what a screen may read and ask (``context``, ``actions``), the notice area
(``notices``), and the pages the build writes before Python runs (``prerender``, ``preview``)."""
