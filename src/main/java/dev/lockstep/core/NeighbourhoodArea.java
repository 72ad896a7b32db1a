package dev.lockstep.core;

/**
 * A named region of the plane, an axis-parallel rectangle in scenario coordinates: one of KLME's
 * neighbourhoods. A node belongs to the first area (in scenario order) that contains its position,
 * so moving a node across a boundary moves it into another neighbourhood.
 */
public record NeighbourhoodArea(String name, double x, double y, double width, double height) {
    public NeighbourhoodArea {
        if (name == null || name.isEmpty()) throw new IllegalArgumentException("an area needs a name");
        if (!(width > 0) || !(height > 0)) throw new IllegalArgumentException("area " + name + " needs a positive size");
    }

    /** Whether the point lies in the area (left and top edges included, right and bottom excluded). */
    public boolean contains(double px, double py) {
        return px >= x && px < x + width && py >= y && py < y + height;
    }
}
