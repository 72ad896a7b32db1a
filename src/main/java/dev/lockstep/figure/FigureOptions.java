package dev.lockstep.figure;

/** width/height: the figure's size in px (SVG) or the picture's bounding box scale (TikZ). */
public record FigureOptions(int width, int height, boolean caption, boolean legend) {}
